"""Staff sessions end when the browser closes and after 8 hours; other sessions keep Django's
defaults (cotati_site/core/staff_sessions.py)."""

import time

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

from cotati_site.core.staff_sessions import STARTED_KEY

pytestmark = pytest.mark.django_db

PASSWORD = "the-right-long-password"
ADMIN = f"/{settings.ADMIN_URL}"
EIGHT_HOURS = 8 * 60 * 60


def staff_client() -> Client:
    User.objects.create_user("editor", password=PASSWORD, is_staff=True)
    client = Client()
    response = client.post(
        f"{ADMIN}login/?next={ADMIN}",
        {"username": "editor", "password": PASSWORD},
        REMOTE_ADDR="203.0.113.7",
    )
    assert response.status_code == 302
    return client, response


def started_ago(client: Client, seconds: float) -> None:
    session = client.session
    session[STARTED_KEY] = time.time() - seconds
    session.save()


def test_the_setting_is_eight_hours():
    assert settings.STAFF_SESSION_SECONDS == EIGHT_HOURS


def test_a_staff_login_cookie_lasts_until_the_browser_closes():
    client, response = staff_client()
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie["max-age"] == "" and cookie["expires"] == ""
    assert client.session.get_expire_at_browser_close()
    assert client.get(ADMIN).status_code == 200


@pytest.mark.parametrize(
    ("age", "still_in"),
    [
        pytest.param(EIGHT_HOURS - 60, True, id="7 h 59 min after login: still logged in"),
        pytest.param(EIGHT_HOURS - 1, True, id="one second short of 8 h: still logged in"),
        pytest.param(EIGHT_HOURS + 1, False, id="one second past 8 h: logged out"),
        pytest.param(3 * 24 * 60 * 60, False, id="three days after login: logged out"),
    ],
)
def test_a_staff_session_ends_eight_hours_after_login(age, still_in):
    client, _ = staff_client()
    started_ago(client, age)
    response = client.get(ADMIN)
    if still_in:
        assert response.status_code == 200
        assert "_auth_user_id" in client.session
    else:
        assert response.status_code == 302 and "/login/" in response["Location"]
        assert "_auth_user_id" not in client.session


def test_a_staff_session_from_before_the_limit_existed_is_logged_out():
    client, _ = staff_client()
    session = client.session
    del session[STARTED_KEY]
    session.save()
    assert client.get(ADMIN).status_code == 302
    assert "_auth_user_id" not in client.session


def test_a_session_that_is_not_staff_keeps_djangos_defaults():
    resident = User.objects.create_user("resident", password=PASSWORD, is_staff=False)
    client = Client()
    client.force_login(resident)
    started_ago(client, 3 * 24 * 60 * 60)  # even an old stamp is not applied to non-staff
    response = client.get("/")
    assert response.status_code == 200
    assert "_auth_user_id" in client.session
    assert not client.session.get_expire_at_browser_close()
    assert client.session.get_expiry_age() == settings.SESSION_COOKIE_AGE
