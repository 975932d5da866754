"""Staff sessions are short: they end when the browser closes, and after STAFF_SESSION_SECONDS
(8 hours) whatever happens.

Django's session settings apply to every session, so staff are singled out here: when a staff
member logs in (``stamp_staff_session``, connected to ``user_logged_in`` in apps.py), their
session is set to expire at browser close and stamped with the time; a staff session older
than the limit (or from before this rule, without a stamp) is logged out on its next request
(``StaffSessionMiddleware``). Anyone else's session (public visitors have none today) keeps
Django's defaults.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.contrib.auth import logout

STARTED_KEY = "staff_session_started"


def staff_session_seconds() -> int:
    return int(getattr(settings, "STAFF_SESSION_SECONDS", 8 * 60 * 60))


def _is_staff(request) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and user.is_staff)


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
        if _is_staff(request):
            started = request.session.get(STARTED_KEY)
            if started is None or time.time() - started > staff_session_seconds():
                logout(request)
        return self.get_response(request)
