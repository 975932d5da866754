"""Staff sessions are short: they end when the browser closes, and after STAFF_SESSION_SECONDS
(8 hours) whatever happens.

Django's session settings apply to every session, so staff are singled out here: when a staff
member logs in (``stamp_staff_session``, connected to ``user_logged_in`` in apps.py), their
session is set to expire at browser close and stamped with the time; a staff session older
than the limit (or from before this rule, without a stamp) is logged out on its next request
(``StaffSessionMiddleware``). Anyone else's session (public visitors have none today) keeps
Django's defaults.

Only a live staff login skips the page cache (``is_live_staff_login``, asked by
core/cache.py): a login key (core/sessions.py) stays one after its session ends, and the
attack kept such cookies (logged out, past the 8 hours, expired) and still skipped the
cache, each request a full render and a session read. So the key's session is read once,
with its user, and the answer recorded in the cache: "ended" for a day (an ended session
never lives again; logouts record it themselves), "live" for LIVE_RECHECK_SECONDS at most,
so a login that ends without this process seeing it (a logout in another process with no
shared cache, a user no longer staff, a changed password) stops skipping the cache within
that. A session found past the 8 hours is ended there, as the middleware would end it.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    load_backend,
    logout,
)
from django.utils.crypto import constant_time_compare

from cotati_site.core.sessions import (
    ENDED_SECONDS,
    SessionStore,
    is_login_key,
    record_login,
    recorded_login,
)

STARTED_KEY = "staff_session_started"
LIVE_RECHECK_SECONDS = 30


def staff_session_seconds() -> int:
    return int(getattr(settings, "STAFF_SESSION_SECONDS", 8 * 60 * 60))


def _is_staff(request) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and user.is_staff)


def is_live_staff_login(key) -> bool:
    """Whether ``key`` (a session cookie) is a live staff login: a login key whose session
    exists, holds an active staff user with the session's password hash, and started less
    than the staff hours ago. A forged key costs a hash; a known one a cache read."""
    if not is_login_key(key):
        return False
    live = recorded_login(key)
    if live is None:
        live, seconds = _staff_login_in_database(key)
        record_login(key, live, seconds)
    return live


def login_ended(key) -> bool:
    """Whether ``key`` is a login key whose staff login is over: nothing left to end."""
    return is_login_key(key) and not is_live_staff_login(key)


def _staff_login_in_database(key: str) -> tuple[bool, float]:
    """(live, for how many seconds that answer may be kept). Read-only, as
    AuthenticationMiddleware's ``get_user`` is not (it may cycle the key, which would leave
    the browser holding the old one), except that a session past the staff hours is ended."""
    store = SessionStore(key)
    started = store.get(STARTED_KEY)  # {} when the row is gone or past its expiry date
    user_id, backend_path = store.get(SESSION_KEY), store.get(BACKEND_SESSION_KEY)
    if user_id is None or backend_path not in settings.AUTHENTICATION_BACKENDS:
        return False, ENDED_SECONDS
    user = load_backend(backend_path).get_user(user_id)  # None when inactive
    if user is None or not user.is_staff:
        return False, LIVE_RECHECK_SECONDS  # made staff again, the login would count again
    left = -1.0 if started is None else started + staff_session_seconds() - time.time()
    if left <= 0:
        store.delete()  # what StaffSessionMiddleware would do on its next request
        return False, ENDED_SECONDS
    hash_ = store.get(HASH_SESSION_KEY) or ""
    if not any(
        constant_time_compare(hash_, expected)
        for expected in (
            user.get_session_auth_hash(),
            *user.get_session_auth_fallback_hash(),
        )
    ):
        return False, ENDED_SECONDS  # a changed password ends every other session for good
    return True, min(LIVE_RECHECK_SECONDS, left)


def stamp_staff_session(sender, request, user, **kwargs):
    if request is None or not user.is_staff or not hasattr(request, "session"):
        return
    request.session[STARTED_KEY] = time.time()
    request.session.set_expiry(0)


class StaffSessionMiddleware:
    """Place after AuthenticationMiddleware."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # A login known to be over has nothing to end: its cookie costs no session read.
        if not login_ended(request.COOKIES.get(settings.SESSION_COOKIE_NAME)) and _is_staff(
            request
        ):
            started = request.session.get(STARTED_KEY)
            if started is None or time.time() - started > staff_session_seconds():
                logout(request)
        return self.get_response(request)
