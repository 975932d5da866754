"""Every query-string field of every page, fuzzed: no 500, and no markup reflected unescaped.

Values mix random text (no surrogates: a browser cannot send them), numbers in odd spellings
and known injection payloads wrapped in random text. Examples are few per page so the suite
stays fast; hypothesis keeps the failures it finds in .hypothesis/ and replays them first.
"""

import re
from urllib.parse import quote

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import URLPattern, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotati_site.codebook.models import CodeSection
from cotati_site.guidance.models import Topic
from law.engine import ZONES
from rules.forms import CheckForm

pytestmark = pytest.mark.django_db

PAYLOADS = (
    "<script>x</script>",
    '"><svg onload=alert(1)>',
    "'><img src=x onerror=alert(1)>",
    "</textarea><script>alert(1)</script>",
    '" autofocus onfocus="alert(1)',
)
ODD_NUMBERS = ("nan", "-inf", "1e400", "-1e309", "0x10", "１２", "1_000", "  7  ", "5,000", "-0")
ODD_DATES = ("2026-02-30", "0000-01-01", "9999-12-31", "99999-01-01", "2026-1-1", "today")

text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)),
    max_size=40,
)
value = st.one_of(
    text,
    st.sampled_from(PAYLOADS),
    st.builds(
        lambda before, payload, after: before + payload + after,
        text,
        st.sampled_from(PAYLOADS),
        text,
    ),
    st.sampled_from(ODD_NUMBERS + ODD_DATES),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.integers().map(str),
)
stray_params = st.dictionaries(
    keys=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12),
    values=value,
    max_size=4,
)

FUZZ = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def assert_safe(response, params: dict) -> None:
    assert response.status_code < 500, params
    body = response.content.decode("utf-8", errors="replace")
    for payload in PAYLOADS:
        if any(payload in str(v) or payload in str(k) for k, v in params.items()):
            assert payload not in body, (payload, params)


def check_form_params():
    optional = dict.fromkeys(CheckForm.base_fields, value)
    optional["zone"] = st.one_of(st.sampled_from(sorted(ZONES)), value)
    optional["show"] = value
    return st.fixed_dictionaries({}, optional=optional)


@FUZZ
@given(params=check_form_params(), htmx=st.booleans())
def test_check_my_lot_survives_any_answers(params, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = Client().get("/check-my-lot/", params, headers=headers)
    assert_safe(response, params)


@FUZZ
@given(params=check_form_params())
def test_check_my_lot_json_survives_any_answers(params):
    response = Client().get("/check-my-lot/result.json", params)
    assert response.status_code in (200, 400), params
    assert response["Content-Type"] == "application/json"
    assert_safe(response, params)


@FUZZ
@given(params=st.fixed_dictionaries({}, optional={"q": value, "page": value}))
def test_search_survives_any_query(params):
    response = Client().get("/search/", params)
    assert_safe(response, params)


@FUZZ
@given(params=st.fixed_dictionaries({}, optional={"as_of": value}), extra=stray_params)
def test_district_list_survives_any_date_and_stray_params(params, extra):
    params = {**extra, **params}
    assert_safe(Client().get("/zoning-districts/", params), params)


@FUZZ
@given(
    code=st.one_of(st.sampled_from(sorted(ZONES)), text.filter(lambda s: s.strip(" /.") != "")),
    params=st.fixed_dictionaries({}, optional={"as_of": value}),
)
def test_district_detail_survives_any_code_and_date(code, params):
    response = Client().get(f"/zoning-districts/{quote(code, safe='')}/", params)
    assert_safe(response, {"code": code, **params})


@FUZZ
@given(
    data=st.data(), params=st.fixed_dictionaries({}, optional={"as_of": value}), extra=stray_params
)
def test_topic_pages_survive_any_date_and_stray_params(data, params, extra):
    slug = data.draw(st.sampled_from(sorted(Topic.objects.values_list("slug", flat=True))))
    params = {**extra, **params}
    assert_safe(Client().get(f"/topics/{slug}/", params), params)


@FUZZ
@given(data=st.data(), extra=stray_params)
def test_section_pages_and_home_survive_stray_params(data, extra):
    number = data.draw(
        st.sampled_from(sorted(CodeSection.objects.values_list("number", flat=True)))
    )
    for path in ("/", "/code/", f"/code/{number}/"):
        assert_safe(Client().get(path, extra), extra)


# Every URL pattern, every parameter its view reads and every path segment ----------------
# Numbers Python reads but a visitor's digits should not be (int() and float() take other
# scripts' digits and underscores; str.isdigit() takes superscripts int() refuses), a NUL
# (PostgreSQL refuses it in a lookup), and numbers too big for int(), float() or a bigint.
HOSTILE = (
    "²",
    "①",
    "₂",
    "١٢",
    "１２",
    "1_0",
    "\x00",
    "1\x002",
    "9" * 5000,
    "99999999999999999999",
    "-99999999999999999999",
    "1e400",
    "-1",
)
SAMPLE_SEGMENTS = {"number": "17.62.060", "chapter": "17.62", "code": "NL"}
SEGMENT_RE = re.compile(r"<(?:\w+:)?(\w+)>")


def public_routes() -> list[tuple[str, dict, tuple]]:
    """(route, sample values of its path segments, the parameters its view declares)."""

    def walk(patterns, prefix=""):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLPattern):
                yield route, pattern.callback
            elif str(pattern.pattern) != django_settings.ADMIN_URL:
                yield from walk(pattern.url_patterns, route)

    samples = {**SAMPLE_SEGMENTS, "slug": Topic.objects.values_list("slug", flat=True)[0]}
    routes = []
    for route, callback in walk(get_resolver().url_patterns):
        segments = {name: samples[name] for name in SEGMENT_RE.findall(route)}
        # A cached view declares the query parameters it reads (cotati_site/core/cache.py).
        routes.append((route, segments, getattr(callback, "reads", ())))
    return routes


def url_for(route: str, segments: dict) -> str:
    return "/" + SEGMENT_RE.sub(lambda m: quote(segments[m.group(1)], safe=""), route)


def test_every_route_is_walked():
    routes = {route for route, _segments, _reads in public_routes()}
    assert {"code/<section_number:number>/compare/", "check-my-lot/", "sitemap.xml"} <= routes
    assert len(routes) >= 12
    reads = {route: reads for route, _segments, reads in public_routes()}
    assert {"from", "to", "as_of"} <= set(reads["code/<section_number:number>/compare/"])
    assert {"zone", "lot_width_ft", "dwelling_units", "show"} <= set(reads["check-my-lot/"])


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: repr(v)[:12])
def test_no_route_answers_5xx_to_odd_numbers_or_a_nul_anywhere(value):
    client = Client()
    for route, segments, reads in public_routes():
        for name in segments:
            url = url_for(route, {**segments, name: value})
            assert client.get(url).status_code < 500, url
        url = url_for(route, segments)
        for name in (*reads, "p", "stray"):
            for headers in ({}, {"HX-Request": "true"}):
                response = client.get(url, {name: value}, headers=headers)
                assert response.status_code < 500, (url, name, value)
