"""Anonymous readers get cached pages; a staff edit shows up on the very next request."""

import time
from datetime import timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.contrib import admin
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from cotati_site.core import cache as cache_module
from cotati_site.core import sessions
from cotati_site.core.cache import ContentCacheAdminMixin, cache_for_anonymous, forget_local_pages
from cotati_site.core.staff_sessions import STARTED_KEY
from cotati_site.guidance.models import Summary, Topic
from tests.factories import summary_admin_form

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("page_cache")]


def queries_for(client, url, **headers) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url, headers=headers)
    assert response.status_code == 200
    return len(context.captured_queries), response.content.decode()


def published_summary() -> Summary:
    return Summary.objects.filter(is_published=True).select_related("topic").first()


@pytest.mark.parametrize(
    "url",
    ["/", "/topics/fences-and-walls/", "/code/", "/code/17.30.030/", "/zoning-districts/"],
)
def test_repeat_anonymous_visit_is_served_from_cache_without_queries(client, url):
    first, first_html = queries_for(client, url)
    again, again_html = queries_for(client, url)
    assert first > 0
    assert again == 0
    assert again_html == first_html


def test_staff_edit_in_admin_shows_up_at_once_for_anonymous_readers(
    client, admin_client, django_capture_on_commit_callbacks
):
    summary = published_summary()
    url = summary.topic.get_absolute_url()
    assert summary.headline in queries_for(client, url)[1]
    assert queries_for(client, url)[0] == 0  # cached
    data = summary_admin_form(summary, headline="A headline edited by staff.")
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(f"/admin/guidance/summary/{summary.pk}/change/", data)
    assert response.status_code == 302
    assert "A headline edited by staff." in queries_for(client, url)[1]


def test_deleting_in_the_admin_expires_cached_pages(
    client, admin_client, django_capture_on_commit_callbacks
):
    topic = Topic.objects.create(slug="to-delete", title="Soon gone", intro="A test topic.")
    assert "Soon gone" in queries_for(client, "/")[1]
    with django_capture_on_commit_callbacks(execute=True):
        admin_client.post(
            "/admin/guidance/topic/",
            {"action": "delete_selected", "_selected_action": [topic.pk], "post": "yes"},
        )
    assert not Topic.objects.filter(pk=topic.pk).exists()
    assert "Soon gone" not in queries_for(client, "/")[1]


def test_load_content_expires_cached_pages(client, django_capture_on_commit_callbacks):
    summary = published_summary()
    url = summary.topic.get_absolute_url()
    queries_for(client, url)
    Summary.objects.filter(pk=summary.pk).update(headline="Changed behind the cache.")
    assert queries_for(client, url)[0] == 0  # still the cached page
    with django_capture_on_commit_callbacks(execute=True):
        call_command("load_content", verbosity=0)
    assert "Changed behind the cache." in queries_for(client, url)[1]


def test_expire_page_cache_command_expires_cached_pages(client):
    queries_for(client, "/")
    call_command("expire_page_cache", stdout=mock.Mock())
    assert queries_for(client, "/")[0] > 0


def test_logged_in_staff_always_get_a_fresh_page(admin_client):
    queries_for(admin_client, "/")
    assert queries_for(admin_client, "/")[0] > 0


def forged_login_key() -> str:
    """A key shaped like a login's, with a signature made without the secret."""
    return sessions.LOGIN + "a" * 23 + "0" * 16


JUNK_COOKIES = [
    pytest.param("x", id="one letter"),
    pytest.param("k" * 32, id="shaped like a plain Django key"),
    pytest.param(forged_login_key(), id="shaped like a login key, forged signature"),
]


@pytest.mark.parametrize("junk", JUNK_COOKIES)
@pytest.mark.parametrize("url", ["/", "/topics/fences-and-walls/"])
def test_a_junk_session_cookie_is_served_the_cached_page_without_queries(client, url, junk):
    _, html = queries_for(client, url)
    client.cookies[settings.SESSION_COOKIE_NAME] = junk
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert len(context.captured_queries) == 0
    assert response.content.decode() == html
    assert not response.cookies  # no Set-Cookie (not even one deleting the junk)
    assert "Cookie" not in response.get("Vary", "")


@pytest.mark.parametrize("junk", JUNK_COOKIES)
def test_a_page_rendered_for_a_junk_cookie_is_the_anonymous_page_and_is_stored(client, junk):
    junk_client = Client()
    junk_client.cookies[settings.SESSION_COOKIE_NAME] = junk
    response = junk_client.get("/topics/fences-and-walls/")
    assert response.status_code == 200 and not response.cookies
    assert queries_for(client, "/topics/fences-and-walls/") == (0, response.content.decode())


def test_a_staff_session_that_is_not_a_login_key_gets_the_anonymous_page(client, admin_user):
    """A session holding a user under a key not issued at a login (as from before signed
    keys) is not trusted past the cache: the page rendered is the one everyone gets."""
    store = sessions.SessionStore()
    store[SESSION_KEY] = str(admin_user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = admin_user.get_session_auth_hash()
    store[STARTED_KEY] = time.time()
    store._session_key = sessions.new_key(sessions.OTHER)
    store.save(must_create=True)
    staff = Client()
    staff.cookies[settings.SESSION_COOKIE_NAME] = store.session_key
    assert staff.get("/admin/").status_code == 200  # a working staff session
    html = staff.get("/").content.decode()
    assert queries_for(client, "/") == (0, html)


def test_staff_who_log_in_through_the_form_get_fresh_pages(client):
    User.objects.create_user("editor", password="the-right-long-password", is_staff=True)
    staff = Client()
    response = staff.post(
        f"/{settings.ADMIN_URL}login/",
        {"username": "editor", "password": "the-right-long-password"},
        REMOTE_ADDR="203.0.113.7",
    )
    assert response.status_code == 302
    queries_for(client, "/")  # cached for everyone
    assert queries_for(staff, "/")[0] > 0
    assert queries_for(staff, "/")[0] > 0
    staff.post(f"/{settings.ADMIN_URL}logout/")
    assert queries_for(staff, "/")[0] == 0  # logged out: the cached page again


def staff_login_key() -> str:
    """The session key a staff login through the form hands its browser."""
    User.objects.create_user("editor", password="the-right-long-password", is_staff=True)
    staff = Client()
    response = staff.post(
        f"/{settings.ADMIN_URL}login/",
        {"username": "editor", "password": "the-right-long-password"},
        REMOTE_ADDR="203.0.113.7",
    )
    assert response.status_code == 302
    return staff.cookies[settings.SESSION_COOKIE_NAME].value


def logged_out(key):
    staff = Client()
    staff.cookies[settings.SESSION_COOKIE_NAME] = key
    assert staff.post(f"/{settings.ADMIN_URL}logout/").status_code == 200


def past_the_staff_hours(key):
    store = sessions.SessionStore(key)
    store[STARTED_KEY] = time.time() - settings.STAFF_SESSION_SECONDS - 1
    store.save()


def past_its_expiry_date(key):
    Session.objects.filter(session_key=key).update(
        expire_date=timezone.now() - timedelta(seconds=1)
    )


def no_longer_staff(key):
    User.objects.filter(username="editor").update(is_staff=False)


def password_changed(key):
    editor = User.objects.get(username="editor")
    editor.set_password("another-long-password")
    editor.save()


@pytest.mark.parametrize(
    "end",
    [logged_out, past_the_staff_hours, past_its_expiry_date, no_longer_staff, password_changed],
    ids=lambda end: end.__name__.replace("_", " "),
)
@pytest.mark.parametrize("url", ["/", "/topics/fences-and-walls/"])
def test_the_cookie_of_a_staff_login_that_ended_is_served_the_cached_page(client, url, end):
    """A login key stays a login key; only a live staff session skips the cache, so one
    kept after its login ended (or replayed) is served what everyone is, without queries
    once the site knows it ended."""
    _, html = queries_for(client, url)
    key = staff_login_key()
    end(key)
    holder = Client()
    holder.cookies[settings.SESSION_COOKIE_NAME] = key
    holder.get(url)  # at most one look at the session, to learn it ended
    # The cookie is sent again, though that answer may have deleted it: as an attacker who
    # kept it would.
    holder.cookies[settings.SESSION_COOKIE_NAME] = key
    with CaptureQueriesContext(connection) as context:
        response = holder.get(url)
    assert len(context.captured_queries) == 0
    assert response.content.decode() == html
    assert not response.cookies


def test_a_live_staff_login_still_gets_fresh_pages_on_every_request(client):
    queries_for(client, "/")
    holder = Client()
    holder.cookies[settings.SESSION_COOKIE_NAME] = staff_login_key()
    for _ in range(3):
        assert queries_for(holder, "/")[0] > 0


def test_a_staff_login_past_its_hours_is_logged_out_of_the_admin_too(client):
    key = staff_login_key()
    holder = Client()
    holder.cookies[settings.SESSION_COOKIE_NAME] = key
    assert holder.get(f"/{settings.ADMIN_URL}").status_code == 200
    past_the_staff_hours(key)
    holder.get("/")  # a public page learns it ended
    response = holder.get(f"/{settings.ADMIN_URL}")
    assert response.status_code == 302 and "/login/" in response["Location"]
    assert not Session.objects.filter(session_key=key).exists()


def test_the_shared_cache_holds_pages_compressed_and_serves_them_whole(client):
    url = "/topics/fences-and-walls/"
    _, html = queries_for(client, url)
    [key] = [key.removeprefix(":1:") for key in cache._cache if key.startswith(":1:page:")]
    generation, status, packed, headers = cache.get(key)
    assert status == 200 and len(packed) < len(html.encode()) / 2
    forget_local_pages()  # another process: only the shared entry
    assert queries_for(client, url) == (0, html)


def test_a_shared_entry_it_cannot_read_counts_as_a_miss(client):
    url = "/topics/fences-and-walls/"
    _, html = queries_for(client, url)
    [key] = [key.removeprefix(":1:") for key in cache._cache if key.startswith(":1:page:")]
    generation, status, _packed, headers = cache.get(key)
    cache.set(key, (generation, status, b"<p>stored by an older release</p>", headers))
    forget_local_pages()
    queries, again = queries_for(client, url)
    assert queries > 0 and again == html


def test_htmx_and_full_requests_are_cached_apart(client):
    queries_for(client, "/zoning-districts/")
    assert queries_for(client, "/zoning-districts/", HX_Request="true")[0] > 0


def test_every_content_admin_expires_the_page_cache():
    content_admins = [
        model_admin
        for model, model_admin in admin.site._registry.items()
        if model._meta.app_label in {"core", "codebook", "guidance", "search"}
    ]
    assert content_admins
    missing = [
        type(model_admin).__name__
        for model_admin in content_admins
        if not isinstance(model_admin, ContentCacheAdminMixin)
    ]
    assert missing == []


def test_pages_are_rendered_without_the_cache_when_it_is_down(client):
    queries_for(client, "/")
    forget_local_pages()
    with mock.patch("cotati_site.core.cache.cache.get", side_effect=ConnectionError("down")):
        assert queries_for(client, "/")[0] > 0


def test_a_response_carrying_a_csrf_token_is_never_stored():
    calls = []

    @cache_for_anonymous
    def view_with_token(request):
        calls.append(request)
        return HttpResponse(get_token(request))

    factory = RequestFactory()
    view_with_token(factory.get("/token/"))
    view_with_token(factory.get("/token/"))
    assert len(calls) == 2


def test_checker_answers_are_cached_in_the_process_only(client):
    from tests.load.run import CHECK_QUERY

    url = f"/check-my-lot/result.json?{CHECK_QUERY}"
    first = client.get(url)
    assert first.status_code == 200
    assert client.get(url).content == first.content
    assert not any(key.startswith(":1:page:") for key in cache._cache)  # locmem internals
    client.get("/")  # a content page, by contrast, is shared
    assert any(key.startswith(":1:page:") for key in cache._cache)
    partial = client.get(f"/check-my-lot/?{CHECK_QUERY}", headers={"HX-Request": "true"})
    page = client.get(f"/check-my-lot/?{CHECK_QUERY}")
    assert b"<html" not in partial.content
    assert b"<html" in page.content


# Search -------------------------------------------------------------------------------------


def test_repeat_anonymous_search_is_served_from_cache_without_queries(client):
    first, first_html = queries_for(client, "/search/?q=fence+height")
    assert first > 0
    assert queries_for(client, "/search/?q=fence+height") == (0, first_html)
    # Keyed by the cleaned query: spacing and parameters the view ignores make no new entry.
    assert queries_for(client, "/search/?q=++fence%20%20height+&utm_source=x") == (0, first_html)
    # The partial is a different answer.
    assert queries_for(client, "/search/?q=fence+height", HX_Request="true")[0] > 0
    assert queries_for(client, "/search/?q=fence+height", HX_Request="true")[0] == 0
    assert queries_for(client, "/search/?q=fence")[0] > 0


def test_staff_edit_shows_up_in_a_cached_search_at_once(
    client, admin_client, django_capture_on_commit_callbacks
):
    url = "/search/?q=zyzzyva"
    assert 'data-result="' not in queries_for(client, url)[1]
    assert queries_for(client, url)[0] == 0  # cached: nothing found
    summary = published_summary()
    data = summary_admin_form(summary, headline="A zyzzyva rule edited by staff.")
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(f"/admin/guidance/summary/{summary.pk}/change/", data)
    assert response.status_code == 302
    html = queries_for(client, url)[1]
    assert f'data-result="summary-{summary.pk}"' in html
    assert "<mark>zyzzyva</mark>" in html


def test_logged_in_staff_always_get_fresh_search_results(admin_client):
    queries_for(admin_client, "/search/?q=fence")
    assert queries_for(admin_client, "/search/?q=fence")[0] > 0


def test_cached_searches_are_bounded_and_kept_apart_from_pages(client, monkeypatch):
    monkeypatch.setattr(cache_module, "LOCAL_SEARCHES", 2)
    queries_for(client, "/")
    for word in ("fence", "shed", "flood"):
        queries_for(client, f"/search/?q={word}")
    assert len(cache_module._local_by_key) == 2
    assert queries_for(client, "/search/?q=fence")[0] > 0  # the oldest was dropped
    assert queries_for(client, "/search/?q=flood")[0] == 0
    assert queries_for(client, "/")[0] == 0  # searches did not push the page out


def test_a_section_number_still_redirects_with_the_cache_on(client):
    for _ in range(2):
        response = client.get("/search/?q=17.30.030")
        assert response.status_code == 302
        assert response["Location"] == "/code/17.30.030/"


def test_searches_are_answered_without_the_cache_when_it_is_down(client):
    queries_for(client, "/search/?q=fence")
    forget_local_pages()
    with mock.patch("cotati_site.core.cache.cache.get", side_effect=ConnectionError("down")):
        assert queries_for(client, "/search/?q=fence")[0] > 0
        assert queries_for(client, "/search/?q=fence")[0] > 0


def test_a_value_kept_per_generation_is_read_afresh_when_the_cache_raises(monkeypatch):
    """A cache backend that raises instead of answering None (not the site's circuit breaker,
    but any other) must not turn the read into an error page."""
    reads = []
    kept = cache_module.per_generation(lambda: reads.append(1) or len(reads))

    def down():
        raise ConnectionError("down")

    monkeypatch.setattr(cache_module, "_current_generation", down)
    assert [kept(), kept()] == [1, 2]


def test_a_value_kept_per_generation_is_read_afresh_while_the_shared_cache_is_down(monkeypatch):
    """No generation (Redis down): nothing can make a kept value stale, so none is kept (an
    adoption made during the outage shows at once); with a generation, one read per generation."""
    reads = []
    kept = cache_module.per_generation(lambda: reads.append(1) or len(reads))
    monkeypatch.setattr(cache_module, "_current_generation", lambda: None)
    assert [kept(), kept(), kept()] == [1, 2, 3]
    monkeypatch.setattr(cache_module, "_current_generation", lambda: 7)
    assert [kept(), kept()] == [4, 4]
    monkeypatch.setattr(cache_module, "_current_generation", lambda: 8)
    assert kept() == 5
