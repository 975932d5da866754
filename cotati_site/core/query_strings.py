"""Query strings as the page cache reads and writes them: each cached view declares the
parameters it reads (``reads=``), and is handed only those, each written canonically
(``canonical_query``), so a parameter it does not read cannot make a new cache entry or
change the page (cotati_site/core/cache.py says more). Reading is ``parse_qsl``, as Django's
``request.GET`` reads (tests/core/test_query_reading.py holds them equal), writing is
``urlencode``.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.core.handlers.wsgi import get_bytes_from_wsgi
from django.http import QueryDict

from law.engine.caches import process_cache

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
    # Immutable, as request.GET is (a kept one is shared by every request sending its text):
    # Django's own readers of a body set the same flag once they have filled theirs.
    kept._mutable = False
    return kept


def query_reader(reads: dict):
    """The function that hands a view only the parameters it declared (``reads``; see
    cotati_site/core/cache.py) and notes the names the query sent (``request.sent_names``,
    for the JSON's ``ignored``). A query of more than DATA_UPLOAD_MAX_NUMBER_FIELDS
    parameters is refused as Django refuses it (TooManyFieldsSent: a 400).

    When every parameter is read as sent, as a set (``MULTIPLE``) or by a ``pure_reader``,
    the same query text always gives the same canonical query, so the reader keeps the last
    few hundred it wrote (the texts are the visitors', hence the bound): a cached answer
    asked again, as a client polling one plan does, is then served without reading its
    query again (make bench's "JSON, same plan": 15 % of its time, docs/performance.md).
    Readers that read the content (``?as_of=`` counts as its period of unchanged rules)
    are not kept: an adopted proposal changes their answer."""
    if not all(read is None or read is MULTIPLE or read in _PURE for read in reads.values()):
        return lambda request: _hand_over(request, *_canonical(_query_text(request), reads))

    @process_cache(maxsize=QUERIES_KEPT)
    def kept(text: tuple[str, str, int]) -> tuple[frozenset[str], QueryDict]:
        return _canonical(text, reads)

    return lambda request: _hand_over(request, *kept(_query_text(request)))


def pure_reader(read):
    """Mark ``read`` (a function of the sent value alone) as always writing a value the same
    way, so a view reading through it keeps its canonical queries (``query_reader``)."""
    _PURE.add(read)
    return read


_PURE: set = set()
QUERIES_KEPT = 256  # per view; a query text is a few hundred bytes to a few KB


def _hand_over(request, names: frozenset[str], query: QueryDict) -> None:
    request.sent_names = names
    request.GET = query
    request.META["QUERY_STRING"] = query.canonical_string


def _query_text(request) -> tuple[str, str, int]:
    """The query string as ``request.GET`` reads it (the bytes WSGI gives, in the request's
    encoding), with that encoding and the limit it is read under."""
    encoding = request.encoding or settings.DEFAULT_CHARSET
    text = get_bytes_from_wsgi(request.environ, "QUERY_STRING", "").decode(encoding, "replace")
    return text, encoding, settings.DATA_UPLOAD_MAX_NUMBER_FIELDS


def _canonical(text: tuple[str, str, int], reads: dict) -> tuple[frozenset[str], QueryDict]:
    lists = _lists(*text)
    return frozenset(lists), canonical_query(lists, reads)


def sent_lists(request) -> dict[str, list[str]]:
    """The query string's values by name, read as ``request.GET`` reads it (``parse_qsl``
    keeping blanks, at most DATA_UPLOAD_MAX_NUMBER_FIELDS of them), without building the
    QueryDict the view never sees: that was a fifth of a cached answer's time
    (tests/benchmarks/request_profile.py)."""
    return _lists(*_query_text(request))


def _lists(text: str, encoding: str, limit: int) -> dict[str, list[str]]:
    try:
        pairs = parse_qsl(text, keep_blank_values=True, encoding=encoding, max_num_fields=limit)
    except ValueError as error:
        raise TooManyFieldsSent(
            "The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS."
        ) from error
    lists: dict[str, list[str]] = {}
    for name, value in pairs:
        lists.setdefault(name, []).append(value)
    return lists
