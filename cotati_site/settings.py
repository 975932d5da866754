"""Settings for the Cotati building-rules site.

One module, driven by environment variables (see `.env.example`). Nothing
differs between production and development except what those variables say.
"""

import os
from datetime import date, timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from cotati_site.core.log_filters import site_logging

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", default=False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        # A silent default key in production would let anyone forge sessions.
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off.")
    SECRET_KEY = "insecure-development-key-only-used-with-DJANGO_DEBUG-on"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
# The site's own host (with the port, where it is not the scheme's): cached pages are keyed
# and rendered for it, whatever Host header a client sends (cotati_site/core/cache.py). By
# default the first of ALLOWED_HOSTS that names one host.
SITE_HOST = os.environ.get("DJANGO_SITE_HOST") or next(
    (host for host in ALLOWED_HOSTS if host != "*" and not host.startswith(".")), "localhost"
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # Before the admin, as its docs ask; staff text per language (cotati_site/*/translation.py).
    "modeltranslation",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django.contrib.postgres",
    "django_htmx",
    "simple_history",
    "axes",
    "cotati_site.core",
    "cotati_site.codebook",
    "cotati_site.guidance",
    "cotati_site.search",
    "rules",
]

MIDDLEWARE = [
    # Outermost: a HEAD response leaves without its body, so gunicorn has none to warn of.
    "cotati_site.core.middleware.HeadWithoutBodyMiddleware",
    # Then, before anything reads request.COOKIES: an oversized Cookie header is a 400, unparsed.
    "cotati_site.core.middleware.CookieHeaderLimitMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # WhiteNoise, with the CSP and X-Frame-Options on static files and the manifest hidden.
    "cotati_site.core.security.StaticFilesMiddleware",
    "cotati_site.core.security.ContentSecurityPolicyMiddleware",
    # Compresses text responses that hold no secret (BREACH: cotati_site/core/compression.py),
    # after the view, the page cache and every middleware below have made the body.
    "cotati_site.core.compression.PublicPageGZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Django's LocaleMiddleware, where its docs place it (after sessions, before common), with
    # the language read from the address alone: English unprefixed, Spanish under /es/.
    "cotati_site.core.languages.LanguageFromPathMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A view that cannot reach the database answers a friendly 503 (templates/503.html).
    "cotati_site.core.middleware.DatabaseUnavailableMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Staff sessions end at browser close and after STAFF_SESSION_SECONDS.
    "cotati_site.core.staff_sessions.StaffSessionMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Records which staff user made each change in the edit history (django-simple-history).
    "simple_history.middleware.HistoryRequestMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into a refusal.
    "axes.middleware.AxesMiddleware",
]

# The longest Cookie header accepted (bytes, all Cookie headers together). The site's own
# cookies (session, CSRF) take under 200; browsers cap one cookie at 4 KB.
MAX_COOKIE_HEADER_BYTES = 8192

# django-axes checks every login against its failure records before Django's own backend runs.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "cotati_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "cotati_site.context_processors.site",
            ],
        },
    },
    {
        # Check my lot's own templates (templates/rules/*.jinja), whose results are rendered
        # again on every change of an answer: rules/wording/jinja.py and docs/performance.md
        # say why they are not Django's.
        "NAME": "checker",
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {
            "environment": "rules.wording.jinja.environment",
            # The proposals' titles and status, for the wording that names one.
            "context_processors": ["cotati_site.context_processors.site"],
        },
    },
]

WSGI_APPLICATION = "cotati_site.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
# PostgreSQL that stops answering must not hold a request, or the app server, for ever
# (README, "Deploying"; cotati_site/core/db_postgresql/):
# - connect_timeout: a server that accepts the connection and then says nothing (or a
#   network that drops packets) fails the connection after this many seconds, and the page
#   answers the friendly 503 (cotati_site.core.middleware). psycopg uses at least 2.
# - statement_timeout: the server cancels a query running longer than this (milliseconds;
#   0 = no limit). manage.py turns it off for its commands (migrate on a large table may
#   need longer), unless the variable is set.
# - query_deadline: the client gives up on any wait for the server after this many seconds,
#   which statement_timeout cannot do for a server that is hung (stopped, frozen), and
#   closes the connection; by default a second past statement_timeout, so a server that
#   still runs cancels first; none when statement_timeout is off.
# - TCP keepalives: a connection whose peer vanished (host down, network cut) is noticed
#   after about idle + interval x count seconds instead of the kernel's two hours.
# - A circuit breaker: after a failed connection or deadline the process does not try again
#   for DJANGO_DB_RETRY_SECONDS (5), so the other requests answer the 503 at once.
# - A bulkhead: at most DJANGO_DB_MAX_CONCURRENT requests per process use the database at
#   once (by default half the threads of a gunicorn worker, GUNICORN_THREADS, at least 1;
#   keep it below them), so a hung database cannot hold every thread and cached pages and
#   /healthz keep being served.
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    _statement_timeout_ms = int(os.environ.get("DJANGO_DB_STATEMENT_TIMEOUT_MS", "3000"))
    _query_deadline = os.environ.get("DJANGO_DB_QUERY_DEADLINE") or (
        _statement_timeout_ms / 1000 + 1 if _statement_timeout_ms else 0
    )
    _threads = int(os.environ.get("GUNICORN_THREADS", "4"))
    DATABASES["default"]["ENGINE"] = "cotati_site.core.db_postgresql"
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "connect_timeout": int(os.environ.get("DJANGO_DB_CONNECT_TIMEOUT", "3")),
            "options": f"-c statement_timeout={_statement_timeout_ms}",
            "keepalives": 1,
            "keepalives_idle": int(os.environ.get("DJANGO_DB_KEEPALIVES_IDLE", "30")),
            "keepalives_interval": int(os.environ.get("DJANGO_DB_KEEPALIVES_INTERVAL", "10")),
            "keepalives_count": int(os.environ.get("DJANGO_DB_KEEPALIVES_COUNT", "3")),
            # The backend's own (cotati_site/core/db_postgresql/base.py), not libpq's:
            "query_deadline": float(_query_deadline) or None,
            "retry_seconds": float(os.environ.get("DJANGO_DB_RETRY_SECONDS", "5")),
            "max_concurrent_requests": int(
                os.environ.get("DJANGO_DB_MAX_CONCURRENT") or max(1, _threads // 2)
            ),
        }
    )

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Writers queue for the database lock (up to 20 s) from the start of each transaction,
    # instead of failing with "database is locked" halfway through (cotati_site/core/revisions.py).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The cache: Redis when DJANGO_CACHE_URL (or REDIS_URL) names one, shared by every app
# server; otherwise each process keeps its own in memory (fine for a single process).
CACHE_URL = os.environ.get("DJANGO_CACHE_URL") or os.environ.get("REDIS_URL", "")
if CACHE_URL:
    if not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured("DJANGO_CACHE_URL/REDIS_URL must be a redis:// URL.")
    CACHES = {
        "default": {
            # Django's RedisCache behind a circuit breaker (cotati_site/core/cache_backend.py): a
            # cache that stops answering must not stall pages. After a failure no call goes
            # to Redis for DJANGO_CACHE_RETRY_SECONDS; pages keep being served from each
            # process's own level of the page cache meanwhile.
            "BACKEND": "cotati_site.core.cache_backend.CircuitBreakerRedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "cotati",
            "OPTIONS": {
                "socket_connect_timeout": float(os.environ.get("DJANGO_CACHE_TIMEOUT", "0.25")),
                "socket_timeout": float(os.environ.get("DJANGO_CACHE_TIMEOUT", "0.25")),
                "circuit_breaker_seconds": float(os.environ.get("DJANGO_CACHE_RETRY_SECONDS", "5")),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# How long a rendered public page is reused for anonymous readers (cotati_site/core/cache.py);
# staff edits make it stale at once. 0 turns the page cache off.
CONTENT_CACHE_SECONDS = int(os.environ.get("DJANGO_CONTENT_CACHE_SECONDS", "300"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# English at the unprefixed addresses, Spanish under /es/ (docs/decisions/languages.md).
# Catalogs in locale/, compiled by `make` (README); dates and numbers for Spanish readers
# in cotati_site/formats/.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español")]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["cotati_site.formats"]
TIME_ZONE = "America/Los_Angeles"
USE_I18N = True
# Staff-edited text per language (docs/decisions/translated-content.md): each translated field
# gets an English and a Spanish column. Pages choose which to show themselves
# (core/translated.py), never through a fallback, so they can mark English lang="en".
MODELTRANSLATION_LANGUAGES = ("en", "es")
MODELTRANSLATION_DEFAULT_LANGUAGE = "en"
MODELTRANSLATION_FALLBACK_LANGUAGES = ("en",)
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# The admin's address is configurable so it is not where scanners look first.
ADMIN_URL = os.environ.get("DJANGO_ADMIN_URL", "admin/").strip("/") + "/"

# Which date the rules are checked "as of". Empty means today; a date (YYYY-MM-DD)
# pins it, e.g. to preview the site under a future-dated standard.
RULES_AS_OF = (
    date.fromisoformat(os.environ["RULES_AS_OF"]) if os.environ.get("RULES_AS_OF") else None
)

# Production hardening; all of these are harmless behind a TLS-terminating proxy.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=not DEBUG)
# Load balancers probe the health check over plain HTTP inside the network.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SESSION_COOKIE_HTTPONLY = True
# Database sessions with signed keys: a key the site never issued is refused without a query,
# and only a login's key lets a reader past the page cache (cotati_site/core/sessions.py).
SESSION_ENGINE = "cotati_site.core.sessions"
# A staff login lasts until the browser closes, and 8 hours at most (cotati_site/core/staff_sessions.py);
# other sessions keep Django's defaults.
STAFF_SESSION_SECONDS = int(os.environ.get("DJANGO_STAFF_SESSION_HOURS", "8")) * 60 * 60
X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy, sent by cotati_site.core.security: scripts and styles only from our own
# origin, nothing inline (htmx is configured by a meta tag; JSON-LD is data, not script).
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# Django 5.2's admin runs under the same policy (checked in a real browser by
# tests/e2e/test_content_security_policy.py); set a string here to give it its own.
CONTENT_SECURITY_POLICY_ADMIN = None

# Staff login throttling (django-axes): after LOGIN_FAILURES_PER_USERNAME wrong passwords for
# one username from one address, that pair is refused, even with the right password, until the
# cool-off passes; after LOGIN_FAILURES_PER_ADDRESS from one address, whatever the usernames,
# that address is (cotati_site/core/login_limits.py). Behind a proxy set DJANGO_PROXY_COUNT so
# the client's address is used.
LOGIN_FAILURES_PER_USERNAME = int(os.environ.get("DJANGO_AXES_FAILURE_LIMIT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("DJANGO_AXES_ADDRESS_FAILURE_LIMIT", "20"))
AXES_FAILURE_LIMIT = "cotati_site.core.login_limits.failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("DJANGO_AXES_COOLOFF_MINUTES", "30")))
# failure_limit relies on the address being counted on its own (its docstring says why).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "cotati_site.core.security.client_ip"
PROXY_COUNT = int(os.environ.get("DJANGO_PROXY_COUNT", "0"))

# A 4xx response is logged at INFO without a traceback (cotati_site/core/log_filters.py); a
# database or Redis outage in two lines per process, when it starts and when it ends.
LOGGING = site_logging(os.environ.get("DJANGO_LOG_LEVEL", "INFO").upper())
