"""Sessions whose keys the site signs, so a key it never issued is known at sight.

The attack on the running site sent a junk ``sessionid`` cookie: every request then skipped
the page cache and read the session from the database, a cached topic page falling from
about 2,500 to about 100 requests a second. Any visitor can send any cookie, so the cookie
alone cannot say "logged in"; and asking the database would be the very cost to avoid.

So each key carries an HMAC of itself under ``SECRET_KEY`` (``SECRET_KEY_FALLBACKS`` too, so
rotating the secret keeps sessions). A key without a valid one is no key at all: the store
treats it as absent, without a query (``_validate_session_key``). The key also says whether
it was made for a login: Django makes one by ``cycle_key`` at each login (and when a
password changes), and a session saved holding a user gets one too. Only a login key lets a
reader past the page cache; a session made for anything else (there is none today) could
not. And only while the login lasts: a key stays a login key after its session ends, so
whether it is still live is asked of the database once and recorded in the cache
(``recorded_login``, ``record_login``; core/staff_sessions.py decides), and a session this
store deletes (a logout, a new login's new key) is recorded as ended at once.

A key is ``KIND`` (one letter) + random letters and digits + the signature, 40 characters
in all (the session table's column), in Django's own alphabet. Sessions from before these
keys (32 unsigned characters) are not valid: everyone logs in again once.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.core.cache import cache
from django.utils.crypto import get_random_string, salted_hmac

LOGIN = "l"
OTHER = "a"
_RANDOM_LENGTH = 23  # about 119 bits
_SIGNATURE_LENGTH = 16  # hex: 64 bits, each forgery one request to the site
KEY_LENGTH = 1 + _RANDOM_LENGTH + _SIGNATURE_LENGTH
_SALT = "cotati_site.core.sessions"


def _signature(body: str, secret) -> str:
    return salted_hmac(_SALT, body, secret=secret, algorithm="sha256").hexdigest()[
        :_SIGNATURE_LENGTH
    ]


def new_key(kind: str) -> str:
    body = kind + get_random_string(_RANDOM_LENGTH, VALID_KEY_CHARS)
    return body + _signature(body, settings.SECRET_KEY)


def is_signed_key(key) -> bool:
    """Whether ``key`` is one this site issued (its signature checks out)."""
    if not isinstance(key, str) or len(key) != KEY_LENGTH or key[0] not in (LOGIN, OTHER):
        return False
    body, signature = key[:-_SIGNATURE_LENGTH], key[-_SIGNATURE_LENGTH:]
    return any(
        hmac.compare_digest(signature, _signature(body, secret))
        for secret in (settings.SECRET_KEY, *settings.SECRET_KEY_FALLBACKS)
    )


def is_login_key(key) -> bool:
    """Whether ``key`` was issued for a login: no database read, so a forged cookie costs a
    hash. (A key stays a login key after its session ends; only someone who logged in once
    holds one. Whether that login is still live: core/staff_sessions.py.)"""
    return isinstance(key, str) and key[:1] == LOGIN and is_signed_key(key)


# A session key never lives again once its session ends (a client sending an unknown key is
# given a new one), so "ended" can be kept long; a day keeps the cache tidy.
ENDED_SECONDS = 24 * 60 * 60


def _login_record(key: str) -> str:
    # A digest: whoever reads the cache cannot take the key itself for a cookie.
    return "login:" + hashlib.sha256(key.encode()).hexdigest()


def recorded_login(key: str) -> bool | None:
    """What the cache holds on the login ``key``: live, ended, or None (not known, or the
    cache unavailable: then ask the database)."""
    try:
        return cache.get(_login_record(key))
    except Exception:  # a cache that raises rather than answering None
        return None


def record_login(key: str, live: bool, seconds: float) -> None:
    # Unrecorded if the cache raises: the next request asks the database again.
    with contextlib.suppress(Exception):
        cache.set(_login_record(key), live, max(1, int(seconds)))


class SessionStore(db.SessionStore):
    """Django's database sessions, with signed keys (see the module docstring).

    A deleted session (``flush`` at logout, the old key at a login's ``cycle_key``) is
    recorded as ended, so its cookie, kept or replayed, is a reader like any other at once."""

    _for_login = False

    def _validate_session_key(self, key):
        return is_signed_key(key)

    def _kind(self) -> str:
        holds_user = SESSION_KEY in getattr(self, "_session_cache", {})
        return LOGIN if self._for_login or holds_user else OTHER

    def _get_new_session_key(self):
        while True:
            key = new_key(self._kind())
            if not self.exists(key):
                return key

    async def _aget_new_session_key(self):
        while True:
            key = new_key(self._kind())
            if not await self.aexists(key):
                return key

    def delete(self, session_key=None):
        key = session_key or self.session_key
        super().delete(session_key)
        if key:
            record_login(key, False, ENDED_SECONDS)

    # Django calls cycle_key only for a login, or for a logged-in user's changed password.
    def cycle_key(self):
        self._for_login = True
        try:
            super().cycle_key()
        finally:
            self._for_login = False

    async def acycle_key(self):
        self._for_login = True
        try:
            await super().acycle_key()
        finally:
            self._for_login = False
