"""English at the unprefixed addresses, Spanish at the same paths under /es/: the address
alone chooses the language (docs/decisions/languages.md), every page links its other
language, and the page cache never serves one language's page for the other."""

import re
from html import unescape
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from cotati_site.core.languages import page_in_language, path_in_language
from cotati_site.core.templatetags import languages

pytestmark = pytest.mark.django_db

CHECK_QUERY = "zone=NM&project=main_building&building_type=multifamily&dwelling_units=10"
PAGES = [
    "/",
    "/topics/",
    "/topics/fences-and-walls/",
    "/code/",
    "/code/17.30/",
    "/code/17.30.030/",
    "/zoning-districts/",
    "/zoning-districts/NL/",
    "/proposed-changes/",
    "/search/?q=fence",
    f"/check-my-lot/?{CHECK_QUERY}",
]


def html_lang(response) -> str:
    return re.search(rb"<html lang=\"([^\"]+)\">", response.content).group(1).decode()


def switch_href(response, language: str) -> str:
    match = re.search(
        rf'<a href="([^"]*)" hreflang="{language}" lang="{language}" data-language-switch',
        response.content.decode(),
    )
    return unescape(match.group(1))


def alternates(response) -> dict[str, str]:
    found = re.findall(
        r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', response.content.decode()
    )
    return {language: unescape(href) for language, href in found}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_is_english_unprefixed_and_spanish_under_es(client, path):
    english, spanish = client.get(path), client.get(f"/es{path}")
    assert english.status_code == spanish.status_code == 200
    assert (html_lang(english), english["Content-Language"]) == ("en", "en")
    assert (html_lang(spanish), spanish["Content-Language"]) == ("es", "es")


@pytest.mark.parametrize("path", PAGES)
def test_each_language_links_the_other_at_the_same_path_and_query(client, path):
    english, spanish = client.get(path), client.get(f"/es{path}")
    to_spanish, to_english = switch_href(english, "es"), switch_href(spanish, "en")
    assert urlsplit(to_spanish).path == "/es" + urlsplit(path).path
    assert urlsplit(to_english).path == urlsplit(path).path
    asked = parse_qs(urlsplit(path).query)
    assert parse_qs(urlsplit(to_spanish).query) == asked
    assert parse_qs(urlsplit(to_english).query) == asked
    for page in (english, spanish):
        links = alternates(page)
        assert links == {
            "en": f"http://testserver{to_english}",
            "es": f"http://testserver{to_spanish}",
            "x-default": f"http://testserver{to_english}",
        }


def test_check_my_lot_keeps_its_answers_across_the_switch(client):
    english = client.get(f"/check-my-lot/?{CHECK_QUERY}")
    spanish = client.get(switch_href(english, "es"))
    assert spanish.status_code == 200
    back = client.get(switch_href(spanish, "en"))
    assert back.content == english.content


@pytest.mark.parametrize(
    "headers",
    [{"Accept-Language": "es"}, {"Accept-Language": "es-MX,es;q=0.9"}],
    ids=["es", "es-MX"],
)
def test_a_spanish_browser_gets_the_english_page_unprefixed_not_a_redirect(client, headers):
    plain = client.get("/topics/")
    asked = client.get("/topics/", headers=headers)
    assert asked.status_code == 200
    assert asked.content == plain.content
    assert "accept-language" not in asked.get("Vary", "").lower()


def test_the_language_cookie_chooses_nothing(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    assert html_lang(client.get("/")) == "en"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert html_lang(client.get("/es/")) == "es"


def test_no_page_says_it_varies_by_accept_language(client):
    for path in ("/", "/es/", "/es/topics/", "/healthz", "/check-my-lot/result.json?zone=NL"):
        assert "accept-language" not in client.get(path).get("Vary", "").lower(), path


@pytest.mark.parametrize(
    "path",
    [
        "/check-my-lot/result.json?zone=NL",
        "/check-my-lot/openapi.json",
        "/healthz",
        "/robots.txt",
        "/sitemap.xml",
    ],
)
def test_what_holds_no_words_has_one_address_unprefixed(client, path):
    assert client.get(path).status_code == 200
    assert client.get(f"/es{path}").status_code == 404


def test_the_json_is_the_same_whatever_language_is_asked(client):
    path = "/check-my-lot/result.json?zone=NL&project=fence&fence_location=front&fence_height_ft=4"
    plain = client.get(path)
    assert client.get(path, headers={"Accept-Language": "es"}).content == plain.content


def test_the_admin_is_not_under_es(client):
    assert client.get(f"/es/{settings.ADMIN_URL}").status_code == 404


def test_a_page_not_found_under_es_is_spanish_and_links_its_english_address(client):
    response = client.get("/es/no-such-page/")
    assert response.status_code == 404
    assert html_lang(response) == "es"
    assert switch_href(response, "en") == "/no-such-page/"


def test_links_in_a_spanish_page_stay_in_spanish():
    with translation.override("es"):
        assert reverse("topic_list") == "/es/topics/"
        assert reverse("section_detail", args=["17.30.030"]) == "/es/code/17.30.030/"
        assert reverse("check_my_lot_json") == "/check-my-lot/result.json"
    assert reverse("topic_list") == "/topics/"


@pytest.mark.parametrize(
    ("path", "language", "expected"),
    [
        ("/", "es", "/es/"),
        ("/topics/", "es", "/es/topics/"),
        ("/es/topics/", "en", "/topics/"),
        ("/es/", "en", "/"),
        ("/es", "en", "/"),
        ("/es/topics/", "es", "/es/topics/"),
        ("/topics/", "en", "/topics/"),
        ("/estate/", "en", "/estate/"),
    ],
)
def test_a_path_changes_language_by_its_prefix_alone(path, language, expected):
    assert path_in_language(path, language) == expected


# The page cache (cotati_site/core/cache.py) ---------------------------------------------


@pytest.mark.parametrize("path", ["/topics/", "/search/?q=fence", "/zoning-districts/NL/"])
@pytest.mark.parametrize("first", ["en", "es"])
def test_a_cached_page_is_never_served_in_the_other_language(client, page_cache, path, first):
    prefixes = {"en": "", "es": "/es"}
    order = [first, *(language for language in prefixes if language != first)]
    for _ in range(2):  # rendered, then from the cache
        for language in order:
            response = client.get(prefixes[language] + path)
            assert response.status_code == 200
            assert html_lang(response) == language, (language, path)


def test_search_in_each_language_has_its_own_cache_entry(client, page_cache):
    english = client.get("/search/?q=fence", headers={"HX-Request": "true"})
    spanish = client.get("/es/search/?q=fence", headers={"HX-Request": "true"})
    assert english.content != spanish.content


def test_a_refused_host_gets_the_400_page_in_its_language_naming_the_sites_own_host(client):
    response = client.get("/es/topics/", HTTP_HOST="attacker.example")
    assert response.status_code == 400
    assert html_lang(response) == "es"
    assert alternates(response)["es"] == "http://testserver/es/topics/"


def test_english_marks_by_the_language_it_is_told_else_the_active_one():
    # Check my lot's cards tell the filter their page's language rather than have it ask
    # Django (cotati_site/core/templatetags/languages.py).
    with translation.override("en"):
        assert languages.english("Table 2-9") == "Table 2-9"
        assert languages.english("Table 2-9", "es") == '<span lang="en">Table 2-9</span>'
    with translation.override("es"):
        assert languages.english("Table 2-9") == '<span lang="en">Table 2-9</span>'
        assert languages.english("Table 2-9", "en") == "Table 2-9"
        assert languages.english("", "es") == ""
        assert languages.english("A & B", "es") == '<span lang="en">A &amp; B</span>'


# The language links hold this site's own paths only ------------------------------------

# Each spelling a browser reads as another host once the page's prefix is swapped: the path
# after /es/ starting with a second slash, a backslash (browsers read it as a slash), or a
# tab, CR or LF (browsers drop them from a URL), typed raw or percent-encoded. The test
# client decodes the percent-encoding into the path, as a WSGI server does.
HOSTILE_PATHS = [
    pytest.param("/es//evil.example/", id="a second slash"),
    pytest.param("/es///evil.example/", id="two more slashes"),
    pytest.param("/es/\\evil.example/", id="a backslash"),
    pytest.param("/es/\\\\evil.example/", id="two backslashes"),
    pytest.param("/es/\\/evil.example/", id="a backslash then a slash"),
    pytest.param("/es/%09/evil.example/", id="a tab then a slash"),
    pytest.param("/es/%0D%0A/evil.example/", id="CR LF then a slash"),
    pytest.param("/es/%0A%5Cevil.example/", id="LF then a backslash"),
    pytest.param("/es/%2Fevil.example/", id="a percent-encoded slash"),
    pytest.param("/es/%2f%2fevil.example/", id="two lower-case percent-encoded slashes"),
    pytest.param("/es/%5Cevil.example/", id="a percent-encoded backslash"),
    pytest.param("/es/%5C%5Cevil.example/", id="two percent-encoded backslashes"),
    pytest.param("/es/%09%0D%0A/%2F%5Cevil.example/", id="all of them"),
    pytest.param("/%2Fevil.example/", id="an English page whose path starts with two slashes"),
    pytest.param("/%5Cevil.example/", id="an English page whose path starts with a backslash"),
]
# What an href may hold: RFC 3986's characters, so no byte a browser strips or rewrites.
URI_CHARACTERS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*")


def host_a_browser_reads(href: str, page: str) -> str:
    """The host a browser goes to for ``href`` on ``page``, as the WHATWG URL parser reads
    an http URL: spaces and controls trimmed, tabs and newlines dropped, backslashes read as
    slashes."""
    href = href.strip("".join(map(chr, range(33))))
    href = re.sub(r"[\t\r\n]", "", href).replace("\\", "/")
    return urlsplit(urljoin(page, href)).netloc


@pytest.mark.parametrize("path", HOSTILE_PATHS)
def test_a_language_link_never_points_off_the_site(client, path):
    response = client.get(path)
    assert response.status_code == 404
    page = "http://testserver/es/any/page/"
    hrefs = [switch_href(response, "en" if html_lang(response) == "es" else "es")]
    hrefs += alternates(response).values()
    for href in hrefs:
        assert host_a_browser_reads(href, page) == "testserver", href
        assert URI_CHARACTERS.fullmatch(href), href
    relative = hrefs[0]
    assert relative.startswith("/") and not relative.startswith("//"), relative


def without_prefix(path_info: str) -> str:
    return path_info.removeprefix("/es") if path_info.startswith("/es/") else path_info


@pytest.mark.parametrize("path", HOSTILE_PATHS)
def test_a_hostile_path_is_linked_as_the_same_page_in_the_other_language(client, path):
    # The link, followed, asks for the same path (decoded, as the server reads it) with the
    # other prefix: the hostile spelling is escaped, not dropped.
    response = client.get(path)
    other = "en" if html_lang(response) == "es" else "es"
    followed = client.get(switch_href(response, other))
    assert followed.status_code == 404
    assert html_lang(followed) == other
    assert without_prefix(followed.wsgi_request.path_info) == without_prefix(
        response.wsgi_request.path_info
    )


def test_a_query_string_in_a_language_link_is_escaped():
    assert page_in_language("/es/topics/", "a=\\b\tc", "en") == "/topics/?a=%5Cb%09c"
