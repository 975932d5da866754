"""What the page cache keys on: exactly what the view renders on, and nothing a visitor can vary.

The attack on the running site stored full pages under the htmx key (``HX-Request: false``
counted as htmx), and grew the shared cache without bound with unique query strings.
"""

import pytest
from django.core.cache import cache

from cotati_site.core import cache as cache_module
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
    client.get("/zoning-districts/", {"as_of": "2030-01-01"})
    assert len(shared_page_keys()) == 2  # a date the page does read is a page of its own


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
