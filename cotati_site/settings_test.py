"""Settings for the test suite: the real settings with debug-only conveniences off.

The environment is filled in before the real module is read, so the suite needs
no variables of its own; DATABASE_URL still picks SQLite or PostgreSQL.
"""

import os
import tempfile
import uuid
from pathlib import Path

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "false"
# The test runner creates, migrates and drops whole databases through these settings; on a
# busy CI machine dropping one can outlast a page's 5 s statement timeout.
os.environ.setdefault("DJANGO_DB_STATEMENT_TIMEOUT_MS", "60000")

from cotati_site.settings import *  # noqa: E402,F403
from cotati_site.settings import DATABASES, STORAGES  # noqa: E402

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A test database in a file, as the site runs on SQLite, not Django's in-memory default:
    # that one shares a single connection with the live server's threads and locks by table,
    # so concurrent requests (tests/core/test_concurrent_saves.py) could not be tested.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"cotati-test-{uuid.uuid4().hex[:12]}.sqlite3")
    }

# Tests render templates without running collectstatic first.
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# No collected static files in tests; WhiteNoise serves from the finders instead.
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
# Each test process keeps its own cache, and pages are not cached unless a test turns it on
# (tests/core/test_page_cache.py), so tests that change content see it at once.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
CONTENT_CACHE_SECONDS = 0
