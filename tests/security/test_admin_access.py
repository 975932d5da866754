"""The staff admin: throttled logins (django-axes), a movable address, CSRF on every POST."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

LOGIN = f"/{settings.ADMIN_URL}login/"
PASSWORD = "the-right-long-password"
TEMPLATES = Path(settings.BASE_DIR) / "templates"


def make_staff(username="editor"):
    return User.objects.create_user(username, password=PASSWORD, is_staff=True)


def log_in(client, username, password, address="203.0.113.7"):
    return client.post(
        f"{LOGIN}?next=/{settings.ADMIN_URL}",
        {"username": username, "password": password},
        REMOTE_ADDR=address,
    )


def is_logged_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.mark.django_db
def test_a_staff_member_with_the_right_password_gets_in():
    make_staff()
    client = Client()
    response = log_in(client, "editor", PASSWORD)
    assert response.status_code == 302
    assert is_logged_in(client)


@pytest.mark.django_db
def test_after_too_many_wrong_passwords_even_the_right_one_is_refused():
    make_staff()
    client = Client()
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        log_in(client, "editor", "wrong-password")
    response = log_in(client, "editor", PASSWORD)
    assert response.status_code == 429
    assert not is_logged_in(client)


@pytest.mark.django_db
def test_a_lockout_holds_one_username_from_one_address_only():
    make_staff()
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME):
        log_in(Client(), "editor", "wrong-password", address="203.0.113.7")
    other_address = Client()
    assert log_in(other_address, "editor", PASSWORD, address="198.51.100.2").status_code == 302
    assert is_logged_in(other_address)


@pytest.mark.django_db
def test_a_new_username_on_each_try_from_one_address_is_locked_out_at_the_address_limit():
    make_staff()
    client = Client()
    for n in range(settings.LOGIN_FAILURES_PER_ADDRESS - 1):
        assert log_in(client, f"guess-{n}", "wrong-password").status_code == 200
    assert log_in(client, "guess-last", "wrong-password").status_code == 429
    # Refused from that address, even a real editor with the right password...
    assert log_in(client, "editor", PASSWORD).status_code == 429
    assert not is_logged_in(client)
    # ...but not from another.
    other_address = Client()
    assert log_in(other_address, "editor", PASSWORD, address="198.51.100.2").status_code == 302


@pytest.mark.django_db
def test_wrong_passwords_spread_over_usernames_do_not_lock_an_address_below_its_limit():
    make_staff()
    client = Client()
    for n in range(settings.LOGIN_FAILURES_PER_ADDRESS - 1):
        log_in(client, f"colleague-{n % 3}", "wrong-password")
    assert log_in(client, "editor", PASSWORD).status_code == 302


def test_an_address_may_fail_more_often_than_one_username_from_it():
    assert settings.LOGIN_FAILURES_PER_ADDRESS > settings.LOGIN_FAILURES_PER_USERNAME


@pytest.mark.django_db
def test_fewer_failures_than_the_limit_do_not_lock_anyone_out():
    make_staff()
    client = Client()
    for _ in range(settings.LOGIN_FAILURES_PER_USERNAME - 1):
        log_in(client, "editor", "wrong-password")
    assert log_in(client, "editor", PASSWORD).status_code == 302


@pytest.mark.django_db
def test_people_without_staff_status_cannot_use_the_admin():
    User.objects.create_user("resident", password=PASSWORD, is_staff=False)
    client = Client()
    response = log_in(client, "resident", PASSWORD)
    assert response.status_code == 200  # the form again, with an error
    assert not is_logged_in(client)


@pytest.mark.django_db
def test_a_login_post_without_the_csrf_token_is_refused():
    make_staff()
    client = Client(enforce_csrf_checks=True)
    response = log_in(client, "editor", PASSWORD)
    assert response.status_code == 403
    assert not is_logged_in(client)


def test_no_page_sends_an_htmx_request_that_could_change_state():
    """htmx only GETs (the checker's answers live in the query string), so no htmx request needs
    a CSRF token; if an hx-post ever appears it must send the token via hx-headers."""
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        for verb in re.findall(r"hx-(post|put|patch|delete)=", text):
            assert "X-CSRFToken" in text, f"{template}: hx-{verb} without a CSRF header"


def test_the_admin_moves_to_the_address_in_django_admin_url():
    probe = (
        "import django; django.setup();"
        "from django.urls import resolve, Resolver404;"
        "print(resolve('/staff-only-7f3/').app_name);"
        "\ntry:\n    resolve('/admin/')\n    print('admin still there')"
        "\nexcept Resolver404:\n    print('admin gone')"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="cotati_site.settings_test", DJANGO_ADMIN_URL="staff-only-7f3/"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=str(settings.BASE_DIR),
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["admin", "admin", "gone"]
