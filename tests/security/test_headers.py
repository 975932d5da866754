"""Production response headers: HSTS, no-sniff, referrer policy, framing, cookies and the CSP."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

EXPECTED_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

PRODUCTION_PROBE = """
import json
import django
django.setup()
from django.conf import settings
from django.test import Client

response = Client().get("/robots.txt", secure=True, headers={"host": "rules.example.org"})
print(json.dumps({
    "status": response.status_code,
    "headers": dict(response.headers),
    "session_cookie_secure": settings.SESSION_COOKIE_SECURE,
    "session_cookie_httponly": settings.SESSION_COOKIE_HTTPONLY,
    "csrf_cookie_secure": settings.CSRF_COOKIE_SECURE,
}))
"""


@pytest.fixture(scope="module")
def production():
    """One request through the real settings with debug off, as production runs them."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="cotati_site.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="a-real-and-long-production-secret-key-0123456789-abcdefghijklmnop",
        DJANGO_ALLOWED_HOSTS="rules.example.org",
        DATABASE_URL="sqlite:///:memory:",
    )
    result = subprocess.run(
        [sys.executable, "-c", PRODUCTION_PROBE],
        cwd=str(settings.BASE_DIR),
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_responses_carry_hsts_for_a_year_with_subdomains(production):
    assert production["status"] == 200
    hsts = production["headers"]["Strict-Transport-Security"]
    assert "max-age=31536000" in hsts
    assert "includeSubDomains" in hsts


def test_production_responses_forbid_sniffing_framing_and_cross_site_referrers(production):
    headers = production["headers"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


def test_production_cookies_are_secure_and_the_session_cookie_is_http_only(production):
    assert production["session_cookie_secure"] is True
    assert production["session_cookie_httponly"] is True
    assert production["csrf_cookie_secure"] is True


def test_production_responses_carry_the_content_security_policy(production):
    assert production["headers"]["Content-Security-Policy"] == EXPECTED_CSP


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    ["/", "/topics/fences-and-walls/", "/check-my-lot/?zone=NL", "/no-such-page/"],
)
def test_every_public_page_sends_the_policy_allowing_only_our_own_origin(client, path):
    response = client.get(path)
    assert response["Content-Security-Policy"] == EXPECTED_CSP


@pytest.mark.django_db
def test_the_admin_runs_under_the_same_policy(client):
    response = client.get(f"/{settings.ADMIN_URL}login/")
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == EXPECTED_CSP


@pytest.mark.django_db
def test_pages_carry_no_inline_script_or_style(client):
    """Under script-src 'self' inline code would be blocked; JSON-LD is data and may stay."""
    for path in ("/", "/topics/fences-and-walls/", "/check-my-lot/?zone=NL&lot_area_sqft=x"):
        html = client.get(path).content.decode()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag or 'type="application/ld+json"' in tag, (path, tag)
        assert "<style" not in html, path
        assert not re.search(r"\sstyle=", html), path
        assert not re.search(r"\son[a-z]+=", html), path


def test_no_template_carries_inline_script_style_or_event_handlers():
    """Every template, including the 500 and 503 pages rendered without the app, is CSP-clean."""
    for template in (Path(settings.BASE_DIR) / "templates").rglob("*.html"):
        text = template.read_text()
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert "src=" in tag, f"{template}: inline script {tag}"
        assert "<style" not in text, template
        assert not re.search(r"\sstyle=", text), template
        assert not re.search(r"\son[a-z]+\s*=", text), template


@pytest.mark.django_db
def test_with_debug_on_django_error_pages_keep_their_inline_styles(client, settings):
    settings.DEBUG = True
    assert "Content-Security-Policy" not in client.get("/no-such-page/")
    assert client.get("/")["Content-Security-Policy"] == EXPECTED_CSP
