"""The page cache reads a query string as Django's ``request.GET`` does (core/query_strings.py
reads it with ``parse_qsl`` without building the QueryDict no view sees): the same names,
values and order for every kind of query a browser or a client sends, and the same refusal
past DATA_UPLOAD_MAX_NUMBER_FIELDS."""

import pytest
from django.core.exceptions import TooManyFieldsSent
from django.test import RequestFactory, override_settings

from cotati_site.core.query_strings import MULTIPLE, pure_reader, query_reader, sent_lists

QUERIES = [
    "",
    "zone=NL",
    "zone=NL&zone=RR",  # repeated: every value, in order
    "project=fence&project=accessory&project=fence",
    "fence_height_in=&zone=NL",  # a blank answer is kept
    "fence_height_in",  # a name with no "="
    "lot_area_sqft=8%2C000",  # "8,000"
    "fence_height_in=6%276%22",  # 6'6"
    "q=hair+salon",  # "+" is a space
    "q=peluquer%C3%ADa",  # UTF-8, percent-encoded
    "q=caf%E9",  # not UTF-8: replaced, as Django replaces it
    "q=a%26b&c=d%3De",  # an encoded & and =
    "a=1&&b=2&",  # empty pieces
    "zone=NL;lot_area_sqft=6000",  # ";" is no separator
    "%E2%9C%93=1",  # an encoded name
]


@pytest.mark.parametrize("query", QUERIES)
def test_the_cache_reads_a_query_as_request_get_reads_it(query):
    request = RequestFactory().get("/check-my-lot/result.json", QUERY_STRING=query)
    assert sent_lists(request) == dict(request.GET.lists())


def test_the_cache_reads_raw_non_ascii_bytes_as_request_get_reads_them():
    request = RequestFactory().get("/", QUERY_STRING="q=caf\xc3\xa9")  # WSGI's latin-1 text
    assert sent_lists(request) == dict(request.GET.lists()) == {"q": ["café"]}


@override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=3)
def test_a_query_of_too_many_parameters_is_refused_as_django_refuses_it():
    request = RequestFactory().get("/", QUERY_STRING="a=1&b=2&c=3&d=4")
    with pytest.raises(TooManyFieldsSent):
        dict(request.GET.lists())
    with pytest.raises(TooManyFieldsSent):
        sent_lists(request)


def _handed(reader, query: str):
    request = RequestFactory().get("/check-my-lot/result.json", QUERY_STRING=query)
    reader(request)
    return request


def test_a_query_asked_again_is_handed_over_without_being_read_again():
    calls = []

    @pure_reader
    def projects_named(value):
        calls.append(value)
        return value.strip() or None

    reader = query_reader({"zone": None, "project": MULTIPLE, "drawn": projects_named})
    first = _handed(reader, "zone=NL&project=shed&project=fence&drawn=fence&junk=1")
    again = _handed(reader, "zone=NL&project=shed&project=fence&drawn=fence&junk=1")
    assert calls == ["fence"]
    assert again.GET is first.GET
    assert again.META["QUERY_STRING"] == "drawn=fence&project=fence&project=shed&zone=NL"
    assert again.sent_names == {"zone", "project", "drawn", "junk"}
    with pytest.raises(AttributeError):  # shared by both requests, so no view may change it
        again.GET["zone"] = "RR"


def test_a_reader_of_the_content_reads_every_query_again():
    calls = []

    def first_day_of_its_period(value):  # as ?as_of= is read: from the rules' change dates
        calls.append(value)
        return value

    reader = query_reader({"as_of": first_day_of_its_period})
    _handed(reader, "as_of=2026-01-01")
    _handed(reader, "as_of=2026-01-01")
    assert calls == ["2026-01-01", "2026-01-01"]


def test_a_kept_query_is_refused_once_the_limit_is_lowered():
    reader = query_reader({"a": None, "b": None})
    assert _handed(reader, "a=1&b=2").GET.dict() == {"a": "1", "b": "2"}
    with override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=1), pytest.raises(TooManyFieldsSent):
        _handed(reader, "a=1&b=2")
