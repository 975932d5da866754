"""Which query parameters a JSON answer did not read: its ``ignored`` list.

A client that misspells a name (``fence_hieght_ft``) must learn why its answer did not change.
The page cache (``cotati_site/core/cache.py``, ``query_strings.py``) hands a view only the parameters it declares
(``reads``), so by the time the view runs the others are gone: the names sent are read here
as the cache cuts the query down (``request.sent_names``). The list is added to the answer
*after* the cache, so the cached text never holds it: two URLs that differ only in a parameter
the view does not read still share one entry (the key stays bounded by what the view reads),
and each is told its own names.
"""

from __future__ import annotations

from functools import wraps

from rules.json_output import with_ignored


def reports_ignored(view):
    """Wrap a page-cached JSON view (``cache_for_anonymous``, whose ``reads`` it takes) so its
    answer names in ``ignored`` every query parameter it did not read (sorted): those it does
    not declare, and those whose value the cache could not read and so did not hand it."""
    reads = frozenset(view.reads)

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        # The names the query sent, noted by the cache as it cut the query down (none
        # when it refused the query: more than DATA_UPLOAD_MAX_NUMBER_FIELDS of them).
        names = getattr(request, "sent_names", None)
        if names is not None and response.get("Content-Type", "").startswith("application/json"):
            handed = reads.intersection(request.GET.keys())  # the cache's cut-down query
            response.content = with_ignored(response.content, sorted(names - handed))
        return response

    return wrapped
