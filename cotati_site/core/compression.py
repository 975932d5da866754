"""Compressed responses for pages that hold no secret, for when no proxy compresses them.

Behind gunicorn alone (``make run``, a small deployment) pages went out as they were
rendered: a topic page is 37 KB, 7 KB gzipped. Django's GZipMiddleware compresses them here,
with two limits, because of BREACH: an attacker who can make a victim's browser request a
page many times, with text of his choosing reflected in it (a search, a query string), learns
a secret in the same page from the compressed length.

- Only responses without a secret are compressed: not one to a request carrying a session
  cookie (a logged-in editor's pages), not one that sets a cookie, not one holding a CSRF
  token (the admin's forms, its login page). Django masks the CSRF token afresh in each
  response, which already defeats BREACH for the token itself; staying uncompressed also
  covers what else a staff page holds, and costs little (staff pages are few and small).
  The public pages hold nothing secret: they are the same for every reader (they are the
  pages the page cache shares, cotati_site/core/cache.py).
- Only text: HTML, JSON, Atom and XML, plain text, SVG. Static files are WhiteNoise's,
  which answers before this middleware runs and serves its own compressed copies.

``Vary: Accept-Encoding`` goes on every response of a compressible type, compressed or not,
so a shared cache keeps one copy per encoding. The page cache stores pages as the view
rendered them, before this middleware, so a cached page goes compressed to a client that
accepts gzip and plain to one that does not.

Compressing a 37 KB page costs more than serving it from the page cache, and the same public
page would be compressed again and again: the compressed bodies of recent pages are kept in
each process by the digest of the uncompressed body (``_compressed``), so they can never be
stale. An htmx update (Check my lot's results as a person types) is the opposite case: a new
plan each time, never asked again, so it is compressed at zlib's fastest level and not kept,
where the default level cost about 0.9 ms for a 30 KB update (more than rendering it) and the
kept updates pushed the pages out. In process (Django's test client, the fences page from the page cache, medians of 300):
0.45 ms plain, 1.5-1.7 ms gzipped afresh each time (Django's own or level 6), 0.7 ms gzipped
from the kept bodies; 37,455 bytes plain, 7,338 gzipped. Without a secret in them there is nothing for the Heal-the-BREACH padding
Django adds (random bytes, a different length each time) to protect, and the same page
compresses to the same bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict

from django.conf import settings
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers
from django.utils.regex_helper import _lazy_re_compile

from cotati_site.core.cache import renders_partial

_accepts_gzip = _lazy_re_compile(r"\bgzip\b")
COMPRESSIBLE = frozenset(
    {
        "text/html",
        "text/plain",
        "text/css",
        "text/csv",
        "application/json",
        "application/atom+xml",
        "application/rss+xml",
        "application/xml",
        "text/xml",
        "image/svg+xml",
    }
)
MIN_BYTES = 200  # Django's own threshold: smaller bodies can grow
KEPT_BYTES = 4 * 1024 * 1024  # compressed bodies kept per process (about 500 topic pages)
LEVEL = 6  # zlib's default: a third smaller than level 1 on these pages
UPDATE_LEVEL = 1  # an htmx update's: 30 KB -> 6.7 KB in 0.19 ms (level 6: 5.7 KB in 0.92 ms)

_lock = threading.Lock()
_kept: OrderedDict[bytes, bytes] = OrderedDict()
_kept_size = [0]


def forget_compressed() -> None:
    """Empty this process's compressed bodies (tests)."""
    with _lock:
        _kept.clear()
        _kept_size[0] = 0


def _compressed(body: bytes) -> bytes:
    """``body`` gzipped, once per distinct body while it stays among the recent ones."""
    # A cryptographic digest: a page built to collide with another could otherwise have its
    # bytes served in that page's place. SHA-256 runs in hardware here (60 µs for 37 KB).
    digest = hashlib.sha256(body).digest()
    with _lock:
        found = _kept.get(digest)
        if found is not None:
            _kept.move_to_end(digest)
            return found
    # mtime=0: the same body compresses to the same bytes, in every process.
    packed = gzip.compress(body, compresslevel=LEVEL, mtime=0)
    with _lock:
        if digest not in _kept:
            _kept[digest] = packed
            _kept_size[0] += len(packed)
            while _kept_size[0] > KEPT_BYTES and _kept:
                _kept_size[0] -= len(_kept.popitem(last=False)[1])
    return packed


def _compressible(response) -> bool:
    content_type = response.get("Content-Type", "").split(";")[0].strip().lower()
    return content_type in COMPRESSIBLE


def carries_secret(request, response, *, had_session: bool) -> bool:
    """Whether the response belongs to one reader: a session came with the request, it sets
    a cookie, or its page holds a CSRF token."""
    return bool(had_session or response.cookies or request.META.get("CSRF_COOKIE_NEEDS_UPDATE"))


class PublicPageGZipMiddleware(GZipMiddleware):
    """Django's GZipMiddleware, for text responses that hold no secret (see the module)."""

    def __call__(self, request):
        # Read before the view runs: the page cache sets a session cookie that is not a
        # login's aside (core/cache.py), but a page answered to any session stays plain.
        had_session = settings.SESSION_COOKIE_NAME in request.COOKIES
        response = self.get_response(request)
        if (
            response.streaming
            or response.has_header("Content-Encoding")
            or not _compressible(response)
        ):
            return response
        patch_vary_headers(response, ("Accept-Encoding",))
        if (
            len(response.content) < MIN_BYTES
            or not _accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", ""))
            or carries_secret(request, response, had_session=had_session)
        ):
            return response
        if renders_partial(request):
            packed = gzip.compress(response.content, compresslevel=UPDATE_LEVEL, mtime=0)
        else:
            packed = _compressed(response.content)
        if len(packed) >= len(response.content):
            return response
        response.content = packed
        response["Content-Length"] = str(len(packed))
        if response.has_header("ETag"):  # as Django's: the bytes changed
            etag = response["ETag"]
            response["ETag"] = etag if etag.startswith("W/") else f"W/{etag}"
        response["Content-Encoding"] = "gzip"
        return response
