"""Public pages go out gzipped to clients that accept it; nothing holding a secret does (BREACH).

In process, through the whole middleware stack: the page cache stores pages before
compression, so one cached page is served gzipped or plain by what each client accepts.
"""

import gzip

import pytest
from django.conf import settings
from django.db import connection
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext

from cotati_site.core.compression import (
    LEVEL,
    UPDATE_LEVEL,
    PublicPageGZipMiddleware,
    _kept,
    forget_compressed,
)
from cotati_site.guidance.models import Summary
from tests.factories import summary_admin_form

pytestmark = pytest.mark.django_db

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
PUBLIC = [
    "/",
    "/topics/",
    "/topics/fences-and-walls/",
    "/zoning-districts/",
    "/code/17.30.030/",
    "/proposed-changes/",
    "/search/?q=fence",
    "/check-my-lot/?zone=NL&fence_height_in=80",
    "/check-my-lot/result.json?zone=NL&fence_height_in=80",
    "/topics/fences-and-walls/feed/",
    "/sitemap.xml",
]


def vary(response) -> set[str]:
    return {part.strip().lower() for part in response.get("Vary", "").split(",")}


@pytest.mark.parametrize("url", PUBLIC)
def test_a_public_page_is_gzipped_for_a_client_that_accepts_it_and_plain_otherwise(client, url):
    plain = client.get(url)
    packed = client.get(url, headers=GZIP)
    assert plain.status_code == packed.status_code == 200
    assert not plain.has_header("Content-Encoding")
    assert packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert int(packed["Content-Length"]) == len(packed.content) < len(plain.content) / 2
    assert "accept-encoding" in vary(plain) and "accept-encoding" in vary(packed)


@pytest.mark.usefixtures("page_cache")
def test_one_cached_page_is_served_gzipped_or_plain_by_what_each_client_accepts(client):
    url = "/topics/fences-and-walls/"
    first = client.get(url, headers=GZIP)  # rendered and stored
    with CaptureQueriesContext(connection) as queries:
        plain = client.get(url)
        again = client.get(url, headers=GZIP)
    assert len(queries) == 0  # both from the page cache
    assert first["Content-Encoding"] == again["Content-Encoding"] == "gzip"
    assert not plain.has_header("Content-Encoding")
    assert gzip.decompress(first.content) == gzip.decompress(again.content) == plain.content
    assert all("accept-encoding" in vary(r) for r in (first, plain, again))


@pytest.mark.usefixtures("page_cache")
def test_a_staff_edit_shows_in_the_gzipped_page_at_once(
    client, admin_client, django_capture_on_commit_callbacks
):
    summary = Summary.objects.filter(is_published=True).select_related("topic").first()
    url = summary.topic.get_absolute_url()
    assert summary.headline.encode() in gzip.decompress(client.get(url, headers=GZIP).content)
    data = summary_admin_form(summary, headline="A headline edited by staff.")
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(f"/admin/guidance/summary/{summary.pk}/change/", data)
    assert b"A headline edited by staff." in gzip.decompress(client.get(url, headers=GZIP).content)


@pytest.mark.parametrize("url", ["/topics/fences-and-walls/", "/admin/", "/admin/guidance/faq/"])
def test_pages_for_a_logged_in_editor_stay_plain(admin_client, url):
    response = admin_client.get(url, headers=GZIP)
    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")


def test_a_page_holding_a_csrf_token_stays_plain(client):
    response = client.get("/admin/login/", headers=GZIP)
    assert response.status_code == 200
    assert b"csrfmiddlewaretoken" in response.content
    assert not response.has_header("Content-Encoding")


def test_a_page_sent_with_any_session_cookie_stays_plain(client):
    client.cookies[settings.SESSION_COOKIE_NAME] = "not-a-session-the-site-issued"
    response = client.get("/topics/fences-and-walls/", headers=GZIP)
    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")


def through_the_middleware(response: HttpResponse, **headers) -> HttpResponse:
    request = RequestFactory().get("/", headers={**GZIP, **headers})
    return PublicPageGZipMiddleware(lambda request: response)(request)


def test_a_response_setting_a_cookie_stays_plain():
    response = HttpResponse("<p>A page.</p>" * 100)
    response.set_cookie("chosen", "yes")
    assert not through_the_middleware(response).has_header("Content-Encoding")


def test_only_text_is_compressed():
    image = HttpResponse(b"\x89PNG" + b"\0" * 4000, content_type="image/png")
    assert not through_the_middleware(image).has_header("Content-Encoding")
    text = HttpResponse("<p>A page.</p>" * 100)
    assert through_the_middleware(text)["Content-Encoding"] == "gzip"


def test_a_tiny_response_stays_plain_and_still_varies(client):
    response = through_the_middleware(HttpResponse("<p>Short.</p>"))
    assert not response.has_header("Content-Encoding")
    assert "accept-encoding" in vary(response)


def test_static_files_are_left_to_whitenoise(client):
    # WhiteNoise answers before the middleware runs; with the test settings (files from the
    # finders) it has no compressed copies, so a gzipped answer would be ours.
    response = Client().get("/static/css/site.css", headers=GZIP)
    assert response.status_code == 200
    assert not response.has_header("Content-Encoding")


def test_an_htmx_update_is_gzipped_at_the_fastest_level_and_not_kept(client):
    # Each update is a new plan, never asked again: compressing it at the default level cost
    # more than rendering it, and keeping it would push the pages out of the kept bodies.
    url = "/check-my-lot/?zone=NL&fence_height_in=80&rear_setback_ft=12.5"
    htmx = {"HX-Request": "true"}
    plain = client.get(url, headers=htmx)
    forget_compressed()
    packed = client.get(url, headers={**htmx, **GZIP})
    assert packed["Content-Encoding"] == "gzip"
    assert packed.content == gzip.compress(plain.content, compresslevel=UPDATE_LEVEL, mtime=0)
    assert UPDATE_LEVEL < LEVEL
    assert not _kept
    page = client.get(url, headers=GZIP)  # the whole page is kept as every page is
    assert page["Content-Encoding"] == "gzip" and len(_kept) == 1
