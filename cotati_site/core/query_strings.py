"""Query strings as the page cache reads and writes them: each cached view declares the
parameters it reads (``reads=``), and is handed only those, each written canonically
(``canonical_query``), so a parameter it does not read cannot make a new cache entry or
change the page (cotati_site/core/cache.py says more). Parsing and quoting are done here,
held to what Django's parser and ``urlencode`` do by tests/core/test_query_parsing.py.
"""

from __future__ import annotations

import re
from urllib.parse import quote_plus, unquote

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent
from django.core.handlers.wsgi import get_bytes_from_wsgi
from django.http import QueryDict

# In ``reads``: a repeatable parameter (Check my lot's ``project``), whose every distinct value
# counts, kept sorted (the view reads them as a set).
MULTIPLE = object()


def canonical_query(query, reads: dict, *, plain: bool = False) -> QueryDict:
    """``query`` cut down to the parameters in ``reads``, in a fixed order, one value each
    (each distinct value, sorted, for a ``MULTIPLE`` one).

    ``reads`` maps each name to None (the value as sent) or a function that writes the value
    canonically, or returns None when the view cannot read it (the parameter then counts
    as absent). Of repeated parameters the last counts, as ``QueryDict.get`` and forms read.
    ``plain`` says every name and value is made of characters a query string leaves as they
    are (``_PLAIN``), so none needs quoting."""
    pairs: list[tuple[str, list[str]]] = []
    written: list[str] = []  # the canonical query string's parts
    lists = query if isinstance(query, dict) and not isinstance(query, QueryDict) else None
    if lists is None:
        lists = dict(query.lists())
    for name in sorted(lists.keys() & reads.keys()):
        values = lists[name]
        if not values:
            continue
        canonical = reads[name]
        if canonical is MULTIPLE:
            chosen = sorted(set(values))
            pairs.append((name, chosen))
            written += (f"{name}={value}" if plain else _pair(name, value) for value in chosen)
            continue
        value = values[-1]
        if canonical is not None:
            value = canonical(value)
            if value is None:
                continue
            written.append(_pair(name, value))  # what the function wrote may need quoting
        else:
            written.append(f"{name}={value}" if plain else _pair(name, value))
        pairs.append((name, [value]))
    # Filled as a plain dict of lists: the values are text already, so QueryDict's per-item
    # conversions (a few microseconds each, thirty-odd items on Check my lot) are not needed.
    kept = QueryDict()
    dict.update(kept, pairs)
    kept.canonical_string = "&".join(written)
    return kept


_PLAIN = re.compile(r"[A-Za-z0-9_.~-]*")  # the characters quote_plus leaves as they are
# A query string of such names and values: parts joined by "&", each at most one "=".
_PLAIN_QUERY = re.compile(r"[\w.~-]*(?:=[\w.~-]*)?(?:&[\w.~-]*(?:=[\w.~-]*)?)*", re.ASCII)


def _quoted(text: str) -> str:
    return text if _PLAIN.fullmatch(text) else quote_plus(text)


def _pair(name: str, value: str) -> str:
    return f"{_quoted(name)}={_quoted(value)}"


def query_string(pairs) -> str:
    """``urllib.parse.urlencode(pairs)`` for (name, text) pairs, with the quoting skipped for
    text that needs none (names and numbers, nearly every value of Check my lot, whose
    every answer writes its query string twice: the cache key and the share link)."""
    return "&".join(_pair(name, value) for name, value in pairs)


def parse_query(text: str, encoding: str, max_fields: int | None) -> dict[str, list[str]]:
    """``text`` as name -> values, exactly as ``urllib.parse.parse_qsl`` with blank values
    kept (what ``QueryDict`` uses) reads it: a part with no ``=`` is a name with an empty
    value, ``+`` is a space, percent-escapes are decoded (undecodable bytes replaced), and
    more than ``max_fields`` parts is a ValueError. A part with no ``+`` or ``%`` needs no
    decoding, which on Check my lot's thirty-odd answers is nearly every one."""
    if not text:
        return {}
    if max_fields is not None and 1 + text.count("&") > max_fields:
        raise ValueError("Max number of fields exceeded")
    lists: dict[str, list[str]] = {}
    for part in text.split("&"):
        if not part:
            continue
        name, _, value = part.partition("=")
        if "+" in name or "%" in name:
            name = unquote(name.replace("+", " "), encoding=encoding, errors="replace")
        if "+" in value or "%" in value:
            value = unquote(value.replace("+", " "), encoding=encoding, errors="replace")
        values = lists.get(name)
        if values is None:
            lists[name] = [value]
        else:
            values.append(value)
    return lists


def _query_lists(request) -> tuple[dict[str, list[str]], bool]:
    """The request's query as name -> values, parsed as ``WSGIRequest.GET`` parses it (same
    decoding, same field limit, ``TooManyFieldsSent`` past it) but without building the
    QueryDict the view never sees (it gets the canonical one), and whether the query string
    is plain (no character in it needs quoting)."""
    environ = getattr(request, "environ", None)
    if environ is None or "GET" in request.__dict__:  # not WSGI, or already parsed
        return dict(request.GET.lists()), False
    raw = get_bytes_from_wsgi(environ, "QUERY_STRING", "")
    encoding = request.encoding or settings.DEFAULT_CHARSET
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        text = raw.decode("iso-8859-1")
    try:
        lists = parse_query(text, encoding, settings.DATA_UPLOAD_MAX_NUMBER_FIELDS)
    except ValueError as error:
        raise TooManyFieldsSent(
            "The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS."
        ) from error
    return lists, _PLAIN_QUERY.fullmatch(text) is not None


def read_only(request, reads: dict) -> None:
    """Hand the view only the parameters it declared (see cotati_site/core/cache.py)."""
    lists, plain = _query_lists(request)
    request.GET = canonical_query(lists, reads, plain=plain)
    request.META["QUERY_STRING"] = request.GET.canonical_string
