"""What the page cache keys on: exactly what the view renders on, and nothing a visitor can vary.

The attack on the running site stored full pages under the htmx key (``HX-Request: false``
counted as htmx), and grew the shared cache without bound with unique query strings.
"""

import re
from datetime import date, timedelta

import pytest
from django.core.cache import cache
from django.test import RequestFactory

from cotati_site.codebook.models import Proposal, SectionVersion
from cotati_site.codebook.queries import rule_changes
from cotati_site.core import cache as cache_module
from cotati_site.core.as_of import as_of_param, default_as_of, rules_period_start
from cotati_site.core.cache import content_changed
from cotati_site.core.cache_limits import site_host_is_allowed
from cotati_site.guidance.models import Topic
from tests.load.run import CHECK_QUERY

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]

CHECK_URL = f"/check-my-lot/?{CHECK_QUERY}"
SEARCH_URL = "/search/?q=fence"
HTMX = {"HX-Request": "true"}
HISTORY_RESTORE = {"HX-Request": "true", "HX-History-Restore-Request": "true"}


def shared_page_keys() -> list[str]:
    return [key for key in cache._cache if key.startswith(":1:page:")]  # locmem internals


def is_full_page(response) -> bool:
    return b"<html" in response.content


@pytest.mark.parametrize("url", [CHECK_URL, SEARCH_URL])
def test_hx_request_false_cannot_poison_the_partial(client, url):
    for _ in range(9):
        assert is_full_page(client.get(url, headers={"HX-Request": "false"}))
    partial = client.get(url, headers=HTMX)
    assert partial.status_code == 200
    assert not is_full_page(partial)


@pytest.mark.parametrize("url", [CHECK_URL, SEARCH_URL])
def test_a_real_htmx_request_cannot_poison_the_full_page(client, url):
    assert not is_full_page(client.get(url, headers=HTMX))
    for header in ({}, {"HX-Request": "false"}, {"HX-Request": ""}):
        assert is_full_page(client.get(url, headers=header)), header


@pytest.mark.parametrize("url", [CHECK_URL, SEARCH_URL, "/", "/zoning-districts/"])
@pytest.mark.parametrize("headers", [{}, HTMX], ids=["full page", "partial"])
def test_cached_pages_say_they_vary_on_hx_request(client, url, headers):
    for attempt in ("rendered", "from the cache"):
        vary = {
            part.strip().lower() for part in client.get(url, headers=headers)["Vary"].split(",")
        }
        assert {"hx-request", "hx-history-restore-request"} <= vary, attempt


@pytest.mark.parametrize("url", [CHECK_URL, SEARCH_URL])
def test_history_restore_gets_the_full_page_and_is_not_cached_as_a_partial(client, url):
    restored = client.get(url, headers=HISTORY_RESTORE)
    assert is_full_page(restored)
    # The full page, not the partial's out-of-band swaps pasted into it.
    assert b'hx-swap-oob="true"' not in restored.content
    assert not is_full_page(client.get(url, headers=HTMX))
    assert is_full_page(client.get(url, headers=HISTORY_RESTORE))
    assert is_full_page(client.get(url))


def test_unknown_parameters_make_no_new_shared_cache_entries(client):
    slug = Topic.objects.values_list("slug", flat=True).first()
    canonical = client.get(f"/topics/{slug}/").content
    for n in range(200):
        response = client.get(f"/topics/{slug}/", {f"utm_{n}": n, "fbclid": f"x{n}"})
        assert response.content == canonical
    assert len(shared_page_keys()) == 1


def test_unreadable_values_of_a_known_parameter_make_no_new_entries(client):
    canonical = client.get("/zoning-districts/").content
    for n in range(50):
        assert client.get("/zoning-districts/", {"as_of": f"junk-{n}"}).content == canonical
    assert len(shared_page_keys()) == 1
    client.get("/zoning-districts/", {"as_of": "2001-01-01"})
    assert len(shared_page_keys()) == 2  # rules of another period are a page of their own


# ?as_of=: one entry per period of unchanged rules, however many dates are asked ----------


def changes() -> tuple[date, ...]:
    return rule_changes()


def test_the_rules_change_on_the_dates_the_records_give():
    """Read from the records, not a list kept by hand: every adopted text's effective date,
    and the standards data's dates besides."""
    texts = set(
        SectionVersion.objects.filter(status="adopted").values_list("effective_on", flat=True)
    )
    assert texts and texts <= set(changes())
    assert set(changes()) - texts  # the standards records' own dates
    assert list(changes()) == sorted(set(changes()))


def test_every_date_of_a_period_is_one_entry_and_the_next_period_another(client):
    past = [day for day in changes() if day < default_as_of()]
    start, end = past[-3], past[-2]  # a whole period of past rules
    days = [start + timedelta(days=n) for n in range(0, (end - start).days, 7)]
    pages = {client.get("/zoning-districts/", {"as_of": day.isoformat()}).content for day in days}
    assert len(pages) == 1
    assert len(shared_page_keys()) == 1
    client.get("/zoning-districts/", {"as_of": end.isoformat()})
    client.get("/zoning-districts/", {"as_of": (start - timedelta(days=1)).isoformat()})
    assert len(shared_page_keys()) == 3


def test_a_date_is_shown_as_the_first_day_of_its_period():
    past = [day for day in changes() if day < default_as_of()]
    start, end = past[-2], past[-1]
    middle = start + (end - start) / 2
    assert as_of_param(middle.isoformat()) == start.isoformat()
    assert as_of_param(start.isoformat()) == start.isoformat()
    assert as_of_param((start - timedelta(days=1)).isoformat()) != start.isoformat()


def test_a_date_under_todays_rules_is_the_page_without_a_date(client):
    plain = client.get("/zoning-districts/").content
    current = rules_period_start(default_as_of())
    later = [day for day in changes() if day > default_as_of()]
    last = (later[0] - timedelta(days=1)) if later else date(2100, 12, 31)
    for day in (current, default_as_of(), last):
        assert as_of_param(day.isoformat()) is None
        assert client.get("/zoning-districts/", {"as_of": day.isoformat()}).content == plain
    assert len(shared_page_keys()) == 1


def test_a_date_a_proposal_takes_effect_on_starts_a_period(
    client, django_capture_on_commit_callbacks
):
    future = default_as_of() + timedelta(days=400)
    assert as_of_param(future.isoformat()) is None or future not in changes()
    proposal = Proposal.objects.create(
        id="a-test-proposal", title="A test proposal", source_document="A test."
    )
    with django_capture_on_commit_callbacks(execute=True):
        Proposal.objects.filter(pk=proposal.pk).update(status="adopted", effective_on=future)
        content_changed()
    assert future in changes()
    assert as_of_param((future + timedelta(days=30)).isoformat()) == future.isoformat()


def test_2000_hostile_dates_make_at_most_one_entry_per_period(client):
    day = date(2000, 1, 1)
    for n in range(2000):
        client.get("/zoning-districts/", {"as_of": (day + timedelta(days=n * 18)).isoformat()})
    assert len(shared_page_keys()) <= len(changes()) + 1


# The host: the site's own, never the Host header a client sent --------------------------


def test_hosts_and_ports_a_client_sends_make_no_new_entries(client, settings):
    settings.ALLOWED_HOSTS = ["testserver", "127.0.0.1"]
    canonical = client.get("/zoning-districts/").content
    for host in ("testserver:8080", "testserver:1", "127.0.0.1", "127.0.0.1:65535"):
        assert client.get("/zoning-districts/", headers={"Host": host}).content == canonical
    assert len(shared_page_keys()) == 1


def test_cached_pages_with_absolute_urls_name_the_site_host(client, settings):
    settings.ALLOWED_HOSTS = ["testserver", "rules.example.org"]
    settings.SITE_HOST = "rules.example.org"
    sitemap = client.get("/sitemap.xml", headers={"Host": "testserver:1234"}).content.decode()
    assert "http://rules.example.org/" in sitemap
    assert "testserver" not in sitemap


def test_a_site_host_outside_allowed_hosts_fails_the_checks(settings):
    settings.ALLOWED_HOSTS = ["rules.example.org"]
    settings.SITE_HOST = "rules.example.org:8443"
    assert site_host_is_allowed() == []
    settings.SITE_HOST = "elsewhere.example.net"
    assert [error.id for error in site_host_is_allowed()] == ["core.E001"]


# ?zone= on a topic page: only a district the plan view draws counts ----------------------


def test_a_topic_page_keys_on_real_districts_only(client):
    url = "/topics/fences-and-walls/"
    canonical = client.get(url).content
    for junk in ("nl", "XX", "NL ", "1", "NL;", "<b>", "NL" * 40):
        assert client.get(url, {"zone": junk}).content == canonical
    assert len(shared_page_keys()) == 1
    zones = set(re.findall(r'<option value="([A-Z]+)"', canonical.decode()))
    assert len(zones) > 10
    for code in zones:
        client.get(url, {"zone": code})
    assert len(shared_page_keys()) <= 1 + len(zones)


def test_checker_answers_are_keyed_on_its_form_fields_only(client):
    first = client.get(CHECK_URL, headers=HTMX)
    for n in range(100):
        again = client.get(f"{CHECK_URL}&junk{n}=1&_={n}", headers=HTMX)
        assert again.content == first.content
    assert len(cache_module._local) == 1


def test_the_link_to_checker_results_is_the_canonical_url(client):
    body = client.get(f"{CHECK_URL}&utm_source=newsletter&junk=%3Cx%3E").content.decode()
    assert "utm_source" not in body
    assert "junk" not in body
    assert "Link to these results" in body


# The cache parses the query itself (cotati_site.core.cache._query_lists) as WSGIRequest.GET would.


def test_too_many_query_parameters_are_refused_with_400_as_django_would(client, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 50
    few = "&".join(f"x{n}=1" for n in range(49))
    many = "&".join(f"x{n}=1" for n in range(51))
    assert client.get(f"/check-my-lot/?zone=NL&{few}").status_code == 200
    assert client.get(f"/check-my-lot/?zone=NL&{many}").status_code == 400


@pytest.mark.parametrize(
    ("query", "zone_shown"),
    [
        ("zone=NL&lot_area_sqft=6000", "NL"),
        ("zone=%4E%4C&lot_area_sqft=6%30%300", "NL"),  # percent-escapes decoded
        ("zone=NL&lot_area_sqft=%ff", "NL"),  # not UTF-8: a field message, not a 500
        ("zone=NL&zone=NM", "NM"),  # of repeated parameters the last counts
    ],
)
def test_the_checker_reads_the_query_as_django_parses_it(client, query, zone_shown):
    response = client.get(f"/check-my-lot/result.json?{query}")
    assert response.status_code in (200, 400)
    data = response.json()
    if response.status_code == 200:
        assert data["zone"] == zone_shown
    else:
        assert set(data["errors"]) == {"lot_area_sqft"}


@pytest.mark.parametrize(
    "headers",
    [
        {},
        HTMX,
        HISTORY_RESTORE,
        {"HX-Request": "false"},
        {"HX-Request": "True"},
        {"hx-request": "true", "hx-history-restore-request": "false"},
    ],
)
def test_the_partial_is_told_from_the_headers_without_building_request_headers(headers):
    # The key reads the two headers where request.headers finds them (building it for every
    # header was a fifth of the key), and decides as request.headers would.
    request = RequestFactory().get(CHECK_URL, headers=headers)
    partial = cache_module.renders_partial(request)
    assert "headers" not in request.__dict__
    assert partial == (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )
