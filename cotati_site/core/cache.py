"""Whole-page caching for anonymous readers, made stale explicitly when staff edit content.

Public pages (home, topics, code sections, districts, the checker's results) are the same
for every anonymous reader, so the rendered response is kept, keyed by exactly what the
view renders on: its path, the query parameters it *declares* it reads (``reads=``, one
place per view), whether it renders the htmx partial (``renders_partial``), its language
(English, or Spanish under /es/) and the date the rules are shown "as of". Nothing a visitor varies multiplies the entries beyond the site's
pages: the host is the site's own (``SITE_HOST``), whatever Host header came, and
``?as_of=`` counts as the first day of its period of unchanged rules (core/as_of.py), so
the attack's 20,000 unique URLs (dates, districts, ports) are a few dozen entries.

The view is handed only what its key holds: ``request.GET`` (and the query string) are cut
down to the declared parameters, each written canonically, before the view runs, cached
or not (cotati_site/core/query_strings.py). So a parameter the view does not read cannot
make a new entry or change the page
(``?utm_source=…`` is served the canonical page, and links in it point to the canonical
URL), and a value it cannot read (``?as_of=junk``) counts as absent, as the view would
treat it anyway. Serving the canonical page rather than redirecting to it keeps links with
tracking parameters working in one hop, and htmx requests are never redirected. Every
response names ``HX-Request`` and ``HX-History-Restore-Request`` in ``Vary``.
Each entry records the *content generation* it was rendered under. Whatever changes
content says so by calling ``content_changed()``: the admin (``ContentCacheAdminMixin``)
and ``load_content``, which every release runs. That bumps the generation, and entries
rendered under an older one are ignored from then on. There are no signals: the code that
writes content is the code that says it did.

Two levels: each process keeps recently served pages in memory (bounded), in front of the
shared cache (Redis when ``DJANGO_CACHE_URL``/``REDIS_URL`` is set, otherwise local
memory). A process re-reads the shared generation at most every
``GENERATION_RECHECK_SECONDS``, so a hit costs no network round trip: an edit shows at
once in the process that made it (and to every logged-in editor, who always gets a
freshly rendered page), and in every other process within that second.

Search results (``cache_by_key``) are kept in a separate bounded store in each process
only, keyed by the cleaned query and the language rather than the URL, so stray parameters
cannot multiply the entries and a burst of searches cannot push the pages out.

Logged-in staff bypass the cache: those whose session cookie holds a key the site signed
at a login (core/sessions.py), checked without the database, so a junk ``sessionid`` costs
what a cached page costs, and whose login is live (core/staff_sessions.py: read from the
database once, then kept in the cache), so a cookie kept after its login ended does not. Any other session cookie is set aside unread and the page is the
anonymous one. A response that sets a cookie or used the session or a CSRF token is never
stored. If the shared cache is unreachable, pages are rendered as if nothing were cached.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
import zlib
from collections import OrderedDict
from functools import wraps

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from cotati_site.core.as_of import default_as_of
from cotati_site.core.query_strings import MULTIPLE, query_reader  # noqa: F401
from cotati_site.core.sessions import SessionStore
from cotati_site.core.staff_sessions import is_live_staff_login

# (MULTIPLE is imported from here by the views, with the decorators.)
logger = logging.getLogger(__name__)

GENERATION_KEY = "content-generation"
GENERATION_RECHECK_SECONDS = 1.0
LOCAL_PAGES = 512  # per process; least recently used pages are dropped first
LOCAL_SEARCHES = 256  # per process, for cache_by_key (a search page is ~10-25 KB)
_NOT_STORED = {"private", "no-store", "no-cache"}

_lock = threading.Lock()
_local: OrderedDict[str, tuple] = (
    OrderedDict()
)  # key -> (generation, expires, status, body, headers)
_local_by_key: OrderedDict[str, tuple] = OrderedDict()  # the same, for cache_by_key
_generation: list = [None, 0.0]  # [value, monotonic time it was read]


def forget_local_pages() -> None:
    """Empty this process's level (tests; the shared cache has its own clear())."""
    with _lock:
        _local.clear()
        _local_by_key.clear()
        _generation[:] = [None, 0.0]


def content_generation() -> int:
    """The shared generation; started from the clock so a lost key never revives old pages."""
    generation = cache.get(GENERATION_KEY)
    if generation is None:
        cache.add(GENERATION_KEY, time.time_ns() // 1000, timeout=None)
        generation = cache.get(GENERATION_KEY)
    return generation


def bump_content_generation() -> int | None:
    """Make every cached page stale now (in this process at least, if the cache is down)."""
    try:
        generation = cache.incr(GENERATION_KEY)
    except ValueError:  # no generation yet (new or flushed cache), or the cache is down
        content_generation()
        try:
            generation = cache.incr(GENERATION_KEY)
        except ValueError:  # down (cotati_site/core/cache_backend.py): empty this process's level
            generation = None
    with _lock:
        _local.clear()
        _local_by_key.clear()
        _generation[:] = [generation, time.monotonic()]
    return generation


def content_changed() -> None:
    """Call after writing content: bumps the generation once the transaction commits, so no
    request can render the old content under the new generation."""
    transaction.on_commit(bump_content_generation, robust=True)


def _current_generation() -> int:
    value, read_at = _generation
    now = time.monotonic()
    if value is None or now - read_at >= GENERATION_RECHECK_SECONDS:
        value = content_generation()
        _generation[:] = [value, now]
    return value


def per_generation(read, *, size: int = 64):
    """``read(*args)`` (a small database read many requests need, such as the proposals'
    status or the anchors of the cited sections) kept in this process for the current
    content generation, per distinct ``args`` (hashable; at most ``size`` of them), so a
    page does not pay a query for it each time. Content writes bump the generation
    (``content_changed``), so a value is as fresh as the pages; with the page cache off
    (tests, or ``DJANGO_CONTENT_CACHE_SECONDS=0``), or the shared cache down (no generation:
    an adoption made meanwhile must still show), it is read afresh every call."""
    kept: dict = {}
    held: list = [None]  # the generation ``kept`` belongs to

    @wraps(read)
    def cached(*args):
        if settings.CONTENT_CACHE_SECONDS <= 0:
            return read(*args)
        try:
            generation = _current_generation()
        except Exception:  # a cache that raises rather than answering None: read afresh
            generation = None
        if generation is None:  # the shared cache is down: no generation to hold a value to
            return read(*args)
        if held[0] != generation:
            kept.clear()
            held[0] = generation
        try:
            return kept[args]
        except KeyError:
            pass
        value = read(*args)
        if len(kept) >= size:
            kept.clear()  # a new generation or a burst of odd arguments: start again
        kept[args] = value
        return value

    def forget() -> None:
        """Drop what this process holds (tests)."""
        kept.clear()
        held[0] = None

    cached.forget = forget
    return cached


def renders_partial(request) -> bool:
    """Whether a view answers with its htmx partial: what views and the cache key both ask.

    django-htmx's ``request.htmx`` (the HX-Request header is exactly "true"), except for
    htmx's history restore (HX-History-Restore-Request: true), which wants the whole page.
    The headers are read from ``request.META``, where ``request.headers`` finds them: building
    ``request.headers`` from every header costs more than the rest of the key, and nothing
    else a cached answer does reads it."""
    meta = request.META
    return (
        meta.get("HTTP_HX_REQUEST") == "true"
        and meta.get("HTTP_HX_HISTORY_RESTORE_REQUEST") != "true"
    )


VARY = ("HX-Request", "HX-History-Restore-Request")


def _page_key(request) -> str:
    # The host is the site's own (_as_any_reader), never the one the client sent; the query
    # string is already the canonical one (read_only).
    kind = "htmx" if renders_partial(request) else "page"
    where = f"{kind} {request.scheme}://{settings.SITE_HOST}{request.get_full_path()}"
    digest = hashlib.sha256(where.encode()).hexdigest()
    # The language too, though the path names it (/es/): the key says what the page was
    # rendered in, whatever chose it (core/languages.py).
    return f"page:{get_language()}:{default_as_of().isoformat()}:{digest}"


def _logged_in(request) -> bool:
    # The session key's signature, not request.user, keeps a cache hit free of database
    # queries: a cookie anyone can make up (a junk sessionid) cannot pass it. And a login's
    # key only while its staff login is live (read once, then kept in the cache), so a
    # cookie kept after a logout, or past the staff hours, is served the cached page too.
    return is_live_staff_login(request.COOKIES.get(settings.SESSION_COOKIE_NAME))


def _as_any_reader(request) -> None:
    """Have the view render what every reader is served from the cache.

    For the site's own host (``SITE_HOST``), whatever Host header came: every allowed host
    and port shares one entry, so the attack's thousands of ports make none, and a page
    holding absolute URLs (the sitemap, the feeds) names the site, not what a client sent.
    And as for a reader without a session: a session cookie that is not a login's (junk, or
    a session made for anything else) is set aside, unread. SessionMiddleware then neither
    reads it nor deletes it, so a page served from the cache sets no cookie."""
    request.META["HTTP_HOST"] = settings.SITE_HOST
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        del request.COOKIES[settings.SESSION_COOKIE_NAME]
        request.session = SessionStore()
    request.user = AnonymousUser()


def _storable(request, response) -> bool:
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    cache_control = {part.strip().lower() for part in response.get("Cache-Control", "").split(",")}
    if cache_control & _NOT_STORED:
        return False
    # Only requests without a session get here (_as_any_reader), so reading the (empty)
    # session is harmless; writing to it would hand this reader's session to everyone.
    session = getattr(request, "session", None)
    if session is not None and session.modified:
        return False
    # A page holding a CSRF token belongs to one reader.
    return not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")


def _from_local(key: str, generation: int, store: OrderedDict = _local) -> tuple | None:
    with _lock:
        entry = store.get(key)
        if entry is None:
            return None
        if entry[0] != generation or entry[1] <= time.monotonic():
            del store[key]
            return None
        store.move_to_end(key)
        return entry


def _keep_local(
    key: str,
    generation: int,
    seconds: int,
    status,
    body,
    headers,
    store: OrderedDict = _local,
    size: int = LOCAL_PAGES,
) -> None:
    with _lock:
        store[key] = (generation, time.monotonic() + seconds, status, body, headers)
        store.move_to_end(key)
        while len(store) > size:
            store.popitem(last=False)


# In the shared cache a page's body is kept compressed (zlib's fastest level, about 150 µs
# for a 37 KB topic page): a third to a quarter of its size, in the one Redis every process
# and every page shares. Each process keeps its own level uncompressed.
def _packed(generation: int, status, body: bytes, headers) -> tuple:
    return (generation, status, zlib.compress(body, 1), headers)


def _unpacked(found, generation: int) -> tuple | None:
    """(status, body, headers) of a shared entry of this generation, else None (as a miss:
    also an entry this code cannot read, such as one an older release stored)."""
    if found is None or found[0] != generation:
        return None
    try:
        return (found[1], zlib.decompress(found[2]), found[3])
    except (zlib.error, TypeError, IndexError):
        return None


def _render(view, request, *args, **kwargs):
    response = view(request, *args, **kwargs)
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()  # a TemplateResponse (the sitemap): its content is stored
    patch_vary_headers(response, VARY)
    return response


def _serve_cached(view, key_for, *, reads, shared: bool, store: OrderedDict, size):
    """Wrap ``view`` so anonymous GETs are answered from ``store`` (and Redis when
    ``shared``), keyed by ``key_for(request)`` and made stale by the content generation.
    The view sees only the query parameters in ``reads`` (see ``canonical_query``).
    ``size()`` gives the store's bound, read per request so settings and tests can change it."""
    reads = dict.fromkeys(reads) if not isinstance(reads, dict) else dict(reads)

    read_only = query_reader(reads)

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        read_only(request)
        seconds = settings.CONTENT_CACHE_SECONDS
        if not seconds or request.method not in ("GET", "HEAD") or _logged_in(request):
            return _render(view, request, *args, **kwargs)
        _as_any_reader(request)
        key = key_for(request)
        try:
            generation = _current_generation()
            entry = _from_local(key, generation, store)
            if entry is None and shared:
                found = _unpacked(cache.get(key), generation)
                if found is not None:
                    _keep_local(key, generation, seconds, *found, store=store, size=size())
                    entry = (generation, None, *found)
        except Exception:
            logger.warning("Page cache unavailable; rendering without it.", exc_info=True)
            return _render(view, request, *args, **kwargs)
        if entry is not None:
            _generation_, _expires, status, body, headers = entry
            return HttpResponse(body, status=status, headers=headers)
        response = _render(view, request, *args, **kwargs)
        if _storable(request, response):
            stored = (response.status_code, response.content, dict(response.headers))
            _keep_local(key, generation, seconds, *stored, store=store, size=size())
            if shared:
                try:
                    cache.set(key, _packed(generation, *stored), seconds)
                except Exception:
                    logger.warning("Page cache unavailable; page not stored.", exc_info=True)
        return response

    wrapped.reads = tuple(reads)  # for tests that walk every cached view's parameters
    return wrapped


def cache_for_anonymous(view=None, *, reads=(), shared: bool = True):
    """Serve anonymous GETs of ``view`` from the page cache (see the module docstring).

    ``reads`` declares the query parameters the view reads: their names, or a dict from
    each name to the function that writes its value canonically (see ``canonical_query``).
    The view sees no other parameter and the key holds no other.

    ``shared=False`` keeps pages in this process only: for answers that are cheaper to
    compute than a round trip to Redis and rarely asked twice (Check my lot's results).
    """
    if view is None:
        return lambda view: cache_for_anonymous(view, reads=reads, shared=shared)
    return _serve_cached(
        view, _page_key, reads=reads, shared=shared, store=_local, size=lambda: LOCAL_PAGES
    )


def cache_by_key(key_for, *, reads):
    """Serve anonymous GETs of a view from this process's memory, keyed by
    ``key_for(request)`` (plus htmx or not, the host and the "as of" date) instead of the
    full URL.

    For views whose answer depends on a few request values only, such as search (the
    cleaned query): parameters the view ignores do not make new entries, and the entries
    live in their own store of LOCAL_SEARCHES, so they cannot push pages out. Entries are
    made stale by the content generation like pages (an edit shows at once in the process
    that made it, within GENERATION_RECHECK_SECONDS in the others). The key must be short:
    it is kept as it is. ``reads`` declares the parameters the view (and ``key_for``) read,
    as for ``cache_for_anonymous``.
    """

    def full_key(request) -> str:
        kind = "htmx" if renders_partial(request) else "page"
        where = f"{request.scheme}://{settings.SITE_HOST}"  # the site's own (_as_any_reader)
        # The language: key_for reads the query alone, and /es/search/ words the same hits
        # in Spanish.
        language = get_language()
        return f"{kind} {where} {language} {default_as_of().isoformat()} {key_for(request)!r}"

    def decorator(view):
        return _serve_cached(
            view,
            full_key,
            reads=reads,
            shared=False,
            store=_local_by_key,
            size=lambda: LOCAL_SEARCHES,
        )

    return decorator


# What is derived from the content's words and rebuilt after each write (search's
# "Did you mean …" words: the search app registers its refresh_words at start-up, since the
# core may not import a domain app). Called in order by content_written().
_after_write: list = []


def after_content_written(refresh) -> None:
    """Have ``refresh()`` run by every ``content_written()`` (once per function)."""
    if refresh not in _after_write:
        _after_write.append(refresh)


def content_written() -> None:
    """Content was written: rebuild what is derived from its words, then make cached pages
    stale (``content_changed``)."""
    for refresh in _after_write:
        refresh()
    content_changed()


class ContentCacheAdminMixin:
    """For every ModelAdmin of public content: each save or delete makes cached pages stale
    (and rebuilds what is derived from the words, ``content_written``)."""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        content_changed()  # save_related, which always follows, refreshes the words

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        content_written()

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        content_written()

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        content_written()
