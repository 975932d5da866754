"""Every query-string field of every page, fuzzed: no 500, and no markup reflected unescaped.

Values mix random text (no surrogates: a browser cannot send them), numbers in odd spellings
and known injection payloads wrapped in random text. Examples are few per page so the suite
stays fast; hypothesis keeps the failures it finds in .hypothesis/ and replays them first.
"""

from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotati_site.models import CodeSection, Topic
from rules.engine import ZONES
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
