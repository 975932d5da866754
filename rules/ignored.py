"""Which query parameters a JSON answer did not read: its ``ignored`` list.

A client that misspells a name (``fence_hieght_ft``) must learn why its answer did not change.
The page cache (``cotati_site/core/cache.py``, ``query_strings.py``) hands a view only the parameters it declares
(``reads``), so by the time the view runs the others are gone: the names sent are read here
from the raw query string, before the cache cuts it down. The list is added to the answer
*after* the cache, so the cached text never holds it: two URLs that differ only in a parameter
the view does not read still share one entry (the key stays bounded by what the view reads),
and each is told its own names.
"""

from __future__ import annotations

from functools import wraps

from django.conf import settings
from django.core.handlers.wsgi import get_bytes_from_wsgi

from cotati_site.core.query_strings import parse_query
from rules.json_output import with_ignored


def sent_names(request) -> frozenset[str] | None:
    """The names in the request's query string as Django's ``request.GET`` would read them;
    None past ``DATA_UPLOAD_MAX_NUMBER_FIELDS`` (the cache then refuses the request)."""
    raw = get_bytes_from_wsgi(request.META, "QUERY_STRING", "")
    if not raw:
        return frozenset()
    encoding = request.encoding or settings.DEFAULT_CHARSET
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:  # as QueryDict decodes a query string that is not UTF-8
        text = raw.decode("iso-8859-1")
    try:
        return frozenset(parse_query(text, encoding, settings.DATA_UPLOAD_MAX_NUMBER_FIELDS))
    except ValueError:
        return None


def reports_ignored(view):
    """Wrap a page-cached JSON view (``cache_for_anonymous``, whose ``reads`` it takes) so its
    answer names in ``ignored`` every query parameter it did not read (sorted): those it does
    not declare, and those whose value the cache could not read and so did not hand it."""
    reads = frozenset(view.reads)

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        names = sent_names(request)  # before the cache rewrites the query string
        response = view(request, *args, **kwargs)
        if names is not None and response.get("Content-Type", "").startswith("application/json"):
            handed = reads.intersection(request.GET.keys())  # the cache's cut-down query
            response.content = with_ignored(response.content, sorted(names - handed))
        return response

    return wrapped
