"""HEAD is answered wherever GET is; static files carry the CSP and X-Frame-Options; the
static files manifest is not served."""

import pytest
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.db import close_old_connections
from django.test import Client, RequestFactory, override_settings

from tests.faults.processes import get, gunicorn_site, refused_port, site_env
from tests.security.test_headers import EXPECTED_CSP

GET_PAGES = [
    "/healthz",
    "/",
    "/topics/fences-and-walls/",
    "/code/",
    "/code/17.30.030/",
    "/code/17.62.060/compare/",
    "/proposed-changes/",
    "/zoning-districts/",
    "/zoning-districts/NL/",
    "/zoning-districts/RR/",
    "/topics/",
    "/code/17.24/",
    "/proposed-changes/feed/",
    "/topics/fences-and-walls/feed/",
    "/search/?q=fence",
    "/check-my-lot/",
    "/check-my-lot/?zone=NL",
    "/check-my-lot/result.json?zone=NL",
    "/robots.txt",
    "/sitemap.xml",
]


@pytest.mark.django_db
@pytest.mark.parametrize("path", GET_PAGES)
def test_head_answers_like_get_without_a_body(client, path):
    got = client.get(path)
    head = client.head(path)
    assert head.status_code == got.status_code
    assert head.status_code in (200, 302)
    assert head["Content-Type"] == got["Content-Type"]
    assert head.content == b""


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/healthz", "/", "/check-my-lot/"])
def test_other_methods_are_still_refused(client, path):
    assert client.post(path).status_code == 405
    assert client.put(path).status_code == 405


def test_static_files_carry_the_content_security_policy_and_refuse_framing(client):
    for path in ["/static/css/site.css", "/static/img/favicon.svg"]:
        response = client.get(path)
        assert response.status_code == 200
        assert response["Content-Security-Policy"] == EXPECTED_CSP
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_the_static_files_manifest_is_not_served(tmp_path):
    """Collected with the production storage; the fingerprinted files are served, the
    manifest that lists them all is a 404."""
    manifest_storage = {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}
    with override_settings(
        STATIC_ROOT=tmp_path,
        WHITENOISE_USE_FINDERS=False,
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": manifest_storage,
        },
    ):
        call_command("collectstatic", "--noinput", verbosity=0)
        assert (tmp_path / "staticfiles.json").exists()
        fingerprinted = next(p.name for p in (tmp_path / "css").glob("site.*.css"))
        client = Client()  # loads the middleware now, with these settings
        assert client.get(f"/static/css/{fingerprinted}").status_code == 200
        for path in ["/static/staticfiles.json", "/static/staticfiles.json.gz"]:
            assert client.get(path).status_code == 404


def wsgi_body(method: str, path: str) -> tuple[str, bytes]:
    """The status and body the site hands the WSGI server (the test client would drop a
    HEAD response's body itself, as servers should, hiding whether the site sent one)."""
    environ = RequestFactory()._base_environ(PATH_INFO=path, REQUEST_METHOD=method)
    started = []
    # As the test client does: the test's database connection stays open across the request.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        body = WSGIHandler()(environ, lambda status, headers: started.append(status))
        try:
            return started[0], b"".join(body)
        finally:
            body.close()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/topics/fences-and-walls/", "/healthz", "/no-such-page/"])
def test_a_head_response_is_sent_without_a_body_but_with_the_length_of_one(path):
    # gunicorn warns for every HEAD response with body bytes (and drops them): one warning
    # line per HEAD request at DJANGO_LOG_LEVEL=WARNING.
    status, body = wsgi_body("HEAD", path)
    got_status, got_body = wsgi_body("GET", path)
    assert status == got_status
    assert body == b""
    head = Client().head(path)
    assert int(head["Content-Length"]) == len(got_body) > 0


def test_gunicorn_writes_no_warning_for_a_head_request():
    env = site_env(f"postgres://postgres@127.0.0.1:{refused_port()}/none")
    with gunicorn_site(env, workers=1, threads=2) as site:
        before = len(site.log())
        for _ in range(3):
            assert get(site.base + "/healthz", method="HEAD").status == 200
        assert get(site.base + "/healthz").status == 200  # the log is written by now
        assert site.log()[before:] == ""
