"""Settings come from the environment, with no silent production defaults."""

import os
import subprocess
import sys

from django.conf import settings

BASE = str(settings.BASE_DIR)


def run_manage(*args, **env):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_secret_key_is_required_when_debug_is_off():
    result = run_manage(
        "check", DJANGO_SETTINGS_MODULE="cotati_site.settings", DJANGO_DEBUG="false"
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_deploy_check_is_clean_with_debug_off_and_a_real_secret():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="cotati_site.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="a-real-and-long-production-secret-key-0123456789-abcdefghijklmnop",
        DJANGO_ALLOWED_HOSTS="rules.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_database_url_selects_postgresql_through_psycopg():
    import dj_database_url

    config = dj_database_url.parse("postgres://postgres@127.0.0.1:5432/cotati")
    assert config["ENGINE"] == "django.db.backends.postgresql"


def test_health_check_answers_over_plain_http_in_production_settings():
    code = (
        "import django;django.setup();"
        "from django.test import Client;"
        "r=Client().get('/healthz');"
        "print(r.status_code, r.content.decode())"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.update(
        DJANGO_SETTINGS_MODULE="cotati_site.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="a-real-and-long-production-secret-key-0123456789-abcdefghijklmnop",
        DJANGO_ALLOWED_HOSTS="testserver",
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=BASE,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout.split()[0] == "200", result.stdout + result.stderr
