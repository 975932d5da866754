"""HEAD is answered wherever GET is; static files carry the CSP and X-Frame-Options; the
static files manifest is not served."""

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

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
