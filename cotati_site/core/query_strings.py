"""Query strings as the page cache reads and writes them: each cached view declares the
parameters it reads (``reads=``), and is handed only those, each written canonically
(``canonical_query``), so a parameter it does not read cannot make a new cache entry or
change the page (cotati_site/core/cache.py says more). Reading is Django's own
(``request.GET``), writing is ``urlencode``.
"""

from __future__ import annotations

from urllib.parse import urlencode

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
    pairs: list[tuple[str, str]] = []
    for name in sorted(lists.keys() & reads.keys()):
        values = lists[name]
        if not values:
            continue
        canonical = reads[name]
        if canonical is MULTIPLE:
            pairs += [(name, value) for value in sorted(set(values))]
            continue
        value = values[-1]
        if canonical is not None:
            value = canonical(value)
            if value is None:
                continue
        pairs.append((name, value))
    text = urlencode(pairs)
    kept = QueryDict(text)
    kept.canonical_string = text
    return kept


def read_only(request, reads: dict) -> None:
    """Hand the view only the parameters it declared (see cotati_site/core/cache.py). A query
    of more than DATA_UPLOAD_MAX_NUMBER_FIELDS parameters is refused by Django's own reading
    (TooManyFieldsSent: a 400)."""
    request.GET = canonical_query(dict(request.GET.lists()), reads)
    request.META["QUERY_STRING"] = request.GET.canonical_string
