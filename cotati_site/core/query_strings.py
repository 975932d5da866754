"""Query strings as the page cache reads and writes them: each cached view declares the
parameters it reads (``reads=``), and is handed only those, each written canonically
(``canonical_query``), so a parameter it does not read cannot make a new cache entry or
change the page (cotati_site/core/cache.py says more). Reading is Django's own
(``request.GET``), writing is ``urlencode``.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.core.handlers.wsgi import get_bytes_from_wsgi
from django.http import QueryDict

# In ``reads``: a repeatable parameter (Check my lot's ``project``), whose every distinct value
# counts, kept sorted (the view reads them as a set).
MULTIPLE = object()


def canonical_query(lists: dict[str, list[str]], reads: dict) -> QueryDict:
    """``lists`` (name -> values, as ``QueryDict.lists()`` gives them) cut down to the
    parameters in ``reads``, in a fixed order, one value each (each distinct value, sorted,
    for a ``MULTIPLE`` one), with its query string as ``canonical_string``.

    ``reads`` maps each name to None (the value as sent) or a function that writes the value
    canonically, or returns None when the view cannot read it (the parameter then counts
    as absent). Of repeated parameters the last counts, as ``QueryDict.get`` and forms read."""
    kept = QueryDict(mutable=True)
    pairs: list[tuple[str, str]] = []
    for name in sorted(lists.keys() & reads.keys()):
        values = lists[name]
        if not values:
            continue
        canonical = reads[name]
        if canonical is MULTIPLE:
            chosen = sorted(set(values))
        else:
            value = values[-1]
            if canonical is not None:
                value = canonical(value)
                if value is None:
                    continue
            chosen = [value]
        # Filled as it is written, not parsed back from the text: a second parse of every
        # query was a third of a cached answer's time (tests/benchmarks/request_profile.py).
        kept.setlist(name, chosen)
        pairs += [(name, value) for value in chosen]
    kept.canonical_string = urlencode(pairs)
    return kept


def read_only(request, reads: dict) -> None:
    """Hand the view only the parameters it declared (see cotati_site/core/cache.py), and
    note the names the query sent (``request.sent_names``, for the JSON's ``ignored``). A
    query of more than DATA_UPLOAD_MAX_NUMBER_FIELDS parameters is refused as Django refuses
    it (TooManyFieldsSent: a 400)."""
    lists = sent_lists(request)
    request.sent_names = frozenset(lists)
    request.GET = canonical_query(lists, reads)
    request.META["QUERY_STRING"] = request.GET.canonical_string


def sent_lists(request) -> dict[str, list[str]]:
    """The query string's values by name, read as ``request.GET`` reads it (the bytes WSGI
    gives, in the request's encoding, ``parse_qsl`` keeping blanks, at most
    DATA_UPLOAD_MAX_NUMBER_FIELDS of them), without building the QueryDict the view never
    sees: that was a fifth of a cached answer's time (tests/benchmarks/request_profile.py)."""
    encoding = request.encoding or settings.DEFAULT_CHARSET
    text = get_bytes_from_wsgi(request.environ, "QUERY_STRING", "").decode(encoding, "replace")
    try:
        pairs = parse_qsl(
            text,
            keep_blank_values=True,
            encoding=encoding,
            max_num_fields=settings.DATA_UPLOAD_MAX_NUMBER_FIELDS,
        )
    except ValueError as error:
        raise TooManyFieldsSent(
            "The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS."
        ) from error
    lists: dict[str, list[str]] = {}
    for name, value in pairs:
        lists.setdefault(name, []).append(value)
    return lists
