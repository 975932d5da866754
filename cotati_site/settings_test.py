"""Settings for the test suite: the real settings with debug-only conveniences off.

The environment is filled in before the real module is read, so the suite needs
no variables of its own; DATABASE_URL still picks SQLite or PostgreSQL.
"""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-not-for-production-use-0123456789")
os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
os.environ["DJANGO_SECURE_SSL_REDIRECT"] = "false"
# The test runner creates, migrates and drops whole databases through these settings; on a
# busy CI machine dropping one can outlast a page's 5 s statement timeout.
os.environ.setdefault("DJANGO_DB_STATEMENT_TIMEOUT_MS", "60000")

from cotati_site.settings import *  # noqa: E402,F403
from cotati_site.settings import STORAGES  # noqa: E402

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
# (tests/cotati_site/test_page_cache.py), so tests that change content see it at once.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
CONTENT_CACHE_SECONDS = 0
